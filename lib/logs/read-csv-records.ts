import { AppError } from "@/lib/errors";

/**
 * One record of a CSV stream: its raw bytes (without the final line break; quoted line breaks
 * inside stay), the 1-based line it starts on and the line it ends on. `truncated` is set when
 * the record was longer than `maxRecordBytes`: its bytes were dropped, not its line count.
 */
export type CsvRecord = { firstLine: number; lastLine: number; bytes: Uint8Array; truncated?: boolean };

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;

// Where the scanner is inside a record (RFC 4180, read leniently: see readCsvRecords).
const FIELD_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
const QUOTE_IN_QUOTED = 3; // a `"` inside a quoted field: an escape if the next byte is `"`, else the end

/**
 * Splits a CSV byte stream into records per RFC 4180, holding one record in memory: a record
 * ends at a line break outside quotes; a field that starts with `"` is quoted, may hold the
 * delimiter, line breaks and `""` escapes. Read leniently like Python's csv module: a `"` inside
 * an unquoted field is a plain character, and text after a quoted field's closing quote is kept.
 * CRLF and LF both end records. A quoted field still open at the end of the input is fatal:
 * AppError("bad_request") at the line where that field started. Works on bytes, so it works for
 * UTF-8 and every single-byte encoding alike (decode each record afterwards).
 */
export async function* readCsvRecords(
  input: AsyncIterable<Uint8Array>,
  options: { delimiter: string; maxRecordBytes: number },
): AsyncGenerator<CsvRecord> {
  const delimiter = options.delimiter.charCodeAt(0);
  let parts: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  let state = FIELD_START;
  let line = 1;
  let firstLine = 1;
  let quoteLine = 0;
  let pendingBytes = false;

  const append = (part: Uint8Array) => {
    if (part.length === 0 || truncated) return;
    if (size + part.length > options.maxRecordBytes) {
      truncated = true;
      parts = [];
      size = 0;
      return;
    }
    parts.push(part);
    size += part.length;
  };
  const take = (): CsvRecord => {
    let bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
    if (bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, -1);
    const record: CsvRecord = truncated
      ? { firstLine, lastLine: line, bytes: new Uint8Array(0), truncated: true }
      : { firstLine, lastLine: line, bytes };
    parts = [];
    size = 0;
    truncated = false;
    state = FIELD_START;
    pendingBytes = false;
    return record;
  };

  for await (const chunk of input) {
    let start = 0;
    for (let index = 0; index < chunk.length; index += 1) {
      const byte = chunk[index]!;
      pendingBytes = true;
      if (state === QUOTED) {
        if (byte === QUOTE) state = QUOTE_IN_QUOTED;
        else if (byte === LF) line += 1;
        continue;
      }
      if (state === QUOTE_IN_QUOTED && byte === QUOTE) {
        state = QUOTED;
        continue;
      }
      if (byte === LF) {
        append(chunk.subarray(start, index));
        start = index + 1;
        yield take();
        line += 1;
        firstLine = line;
      } else if (byte === delimiter) state = FIELD_START;
      else if (state === FIELD_START && byte === QUOTE) {
        state = QUOTED;
        quoteLine = line;
      } else state = UNQUOTED;
    }
    append(chunk.subarray(start));
  }
  if (state === QUOTED) {
    throw new AppError(
      "bad_request",
      `line ${quoteLine}: a quoted field starts here and is never closed (unbalanced " at the end of the file)`,
      { line: quoteLine },
    );
  }
  if (pendingBytes) yield take();
}

/**
 * The fields of one decoded CSV record, by the same rules as readCsvRecords: `""` inside a
 * quoted field is one `"`; a `"` inside an unquoted field is kept; text after a closing quote
 * is kept. Fields are not trimmed.
 */
export function splitCsvFields(record: string, delimiter: string): string[] {
  const fields: string[] = [];
  let field = "";
  let state = FIELD_START;
  for (const char of record) {
    if (state === QUOTED) {
      if (char === '"') state = QUOTE_IN_QUOTED;
      else field += char;
    } else if (state === QUOTE_IN_QUOTED && char === '"') {
      field += '"';
      state = QUOTED;
    } else if (char === delimiter) {
      fields.push(field);
      field = "";
      state = FIELD_START;
    } else if (state === FIELD_START && char === '"') state = QUOTED;
    else {
      field += char;
      state = UNQUOTED;
    }
  }
  fields.push(field);
  return fields;
}

/**
 * The fields of one TSV line (IANA text/tab-separated-values: a record is one line, fields
 * split at tabs). A field that is wholly quoted, `"…"` with `""` escapes and no other `"`, is
 * unquoted, as spreadsheets and Python's csv write it (`"48"" desk"` → `48" desk`); any other
 * field is kept literally, so titles like `"adb devices" shows …` keep their quotes.
 */
export function splitTsvFields(line: string): string[] {
  return line
    .split("\t")
    .map((field) => (WHOLLY_QUOTED.test(field) ? field.slice(1, -1).replaceAll('""', '"') : field));
}

const WHOLLY_QUOTED = /^"(?:[^"]|"")*"$/s;
