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
  const scanner = new CsvRecordScanner(options);
  for await (const chunk of input) yield* scanner.scan(chunk);
  yield* scanner.finish();
}

/**
 * The records and fields of a whole CSV text (a judgments file), by the rules of readCsvRecords
 * and splitCsvFields: one CSV reader for logs and judgments. A leading byte-order mark is dropped;
 * blank records are skipped; `line` is the 1-based line a record starts on.
 */
export function splitCsvText(text: string, delimiter = ","): { line: number; fields: string[] }[] {
  const scanner = new CsvRecordScanner({ delimiter, maxRecordBytes: Number.POSITIVE_INFINITY });
  const bytes = Buffer.from(text.replace(/^\uFEFF/, ""), "utf8");
  const decoder = new TextDecoder();
  const rows: { line: number; fields: string[] }[] = [];
  for (const record of [...scanner.scan(bytes), ...scanner.finish()]) {
    const decoded = decoder.decode(record.bytes);
    if (decoded.trim() !== "")
      rows.push({ line: record.firstLine, fields: splitCsvFields(decoded, delimiter) });
  }
  return rows;
}

/** The state machine of readCsvRecords, fed one chunk at a time. */
class CsvRecordScanner {
  private readonly delimiter: number;
  private readonly maxRecordBytes: number;
  private parts: Uint8Array[] = [];
  private size = 0;
  private truncated = false;
  private state = FIELD_START;
  private line = 1;
  private firstLine = 1;
  private quoteLine = 0;
  private pendingBytes = false;

  constructor(options: { delimiter: string; maxRecordBytes: number }) {
    this.delimiter = options.delimiter.charCodeAt(0);
    this.maxRecordBytes = options.maxRecordBytes;
  }

  /** The records that end in `chunk`; the rest of it is kept for the next. */
  *scan(chunk: Uint8Array): Generator<CsvRecord> {
    let start = 0;
    for (let index = 0; index < chunk.length; index += 1) {
      const byte = chunk[index]!;
      this.pendingBytes = true;
      if (this.state === QUOTED) {
        if (byte === QUOTE) this.state = QUOTE_IN_QUOTED;
        else if (byte === LF) this.line += 1;
        continue;
      }
      if (this.state === QUOTE_IN_QUOTED && byte === QUOTE) {
        this.state = QUOTED;
        continue;
      }
      if (byte === LF) {
        this.append(chunk.subarray(start, index));
        start = index + 1;
        yield this.take();
        this.line += 1;
        this.firstLine = this.line;
      } else if (byte === this.delimiter) this.state = FIELD_START;
      else if (this.state === FIELD_START && byte === QUOTE) {
        this.state = QUOTED;
        this.quoteLine = this.line;
      } else this.state = UNQUOTED;
    }
    this.append(chunk.subarray(start));
  }

  /** The last record (one without a final line break); fatal if a quoted field is still open. */
  *finish(): Generator<CsvRecord> {
    if (this.state === QUOTED) {
      throw new AppError(
        "bad_request",
        `line ${this.quoteLine}: a quoted field starts here and is never closed (unbalanced " at the end of the file)`,
        { line: this.quoteLine },
      );
    }
    if (this.pendingBytes) yield this.take();
  }

  private append(part: Uint8Array) {
    if (part.length === 0 || this.truncated) return;
    if (this.size + part.length > this.maxRecordBytes) {
      this.truncated = true;
      this.parts = [];
      this.size = 0;
      return;
    }
    this.parts.push(part);
    this.size += part.length;
  }

  private take(): CsvRecord {
    let bytes = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.size);
    if (bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, -1);
    const record: CsvRecord = this.truncated
      ? { firstLine: this.firstLine, lastLine: this.line, bytes: new Uint8Array(0), truncated: true }
      : { firstLine: this.firstLine, lastLine: this.line, bytes };
    this.parts = [];
    this.size = 0;
    this.truncated = false;
    this.state = FIELD_START;
    this.pendingBytes = false;
    return record;
  }
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
