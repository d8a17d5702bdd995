import { AppError } from "@/lib/errors";
import {
  type CsvRecord,
  readCsvRecords,
  splitCsvFields,
  splitTsvFields,
} from "@/lib/exchange/read-csv-records";
import { readLines } from "@/lib/exchange/read-lines";
import type { LogRow } from "./accumulate-log-rows";
import { decodeLine } from "./decode-line";
import { parseLogCount, parseLogTimestamp } from "./parse-log-values";

/** A column by header name or by 0-based index. */
type ColumnRef = string | number;

/**
 * Which cells of a CSV/TSV log to read. The first non-blank row is a header exactly when a
 * column is given by name, unless `header` says otherwise (indexes only: `header: true` skips it).
 */
export type DelimitedColumns = {
  column: ColumnRef;
  countColumn?: ColumnRef;
  timestampColumn?: ColumnRef;
  header?: boolean;
};

type Resolved = { header: boolean; query: number; count?: number; timestamp?: number; labels: string[] };

/**
 * The rows of a CSV (RFC 4180, see readCsvRecords) or TSV (one record a line, see
 * splitTsvFields) log. Each record is decoded with decodeLine. Fatal (AppError "bad_request"):
 * a named column missing from the header, an index beyond the first row's width, an unbalanced
 * quote at the end of a CSV file. A row too short for a column, or with a bad count or
 * timestamp, is a `malformed` row; an empty timestamp cell is no timestamp.
 */
export async function* readDelimitedLogRows(
  input: AsyncIterable<Uint8Array>,
  options: { format: "csv" | "tsv"; columns: DelimitedColumns; maxRecordBytes: number },
): AsyncGenerator<LogRow> {
  const csv = options.format === "csv";
  const records = csv
    ? readCsvRecords(input, { delimiter: ",", maxRecordBytes: options.maxRecordBytes })
    : readTsvRecords(input, options.maxRecordBytes);
  let resolved: Resolved | undefined;
  for await (const record of records) {
    const base = {
      line: record.firstLine,
      ...(record.lastLine === record.firstLine ? {} : { lastLine: record.lastLine }),
    };
    if (record.truncated) {
      yield { ...base, kind: "tooLong" };
      continue;
    }
    const decoded = decodeLine(record.bytes, { first: record.firstLine === 1 });
    if ("binary" in decoded) {
      yield { ...base, kind: "binary" };
      continue;
    }
    const row = { ...base, ...(decoded.fallback ? { fallback: true } : {}) };
    if (decoded.text.trim() === "") {
      yield { ...row, kind: "blank" };
      continue;
    }
    const fields = csv ? splitCsvFields(decoded.text, ",") : splitTsvFields(decoded.text);
    if (resolved === undefined) {
      resolved = resolveColumns(fields, options, record.firstLine);
      if (resolved.header) {
        yield { ...row, kind: "header" };
        continue;
      }
    }
    yield { ...row, ...readCells(fields, resolved) };
  }
}

async function* readTsvRecords(
  input: AsyncIterable<Uint8Array>,
  maxRecordBytes: number,
): AsyncGenerator<CsvRecord> {
  for await (const { lineNumber, bytes, truncated } of readLines(input, { maxLineBytes: maxRecordBytes })) {
    yield { firstLine: lineNumber, lastLine: lineNumber, bytes, ...(truncated ? { truncated } : {}) };
  }
}

function resolveColumns(
  fields: string[],
  options: { format: "csv" | "tsv"; columns: DelimitedColumns },
  line: number,
): Resolved {
  const { column, countColumn, timestampColumn } = options.columns;
  const named = [column, countColumn, timestampColumn].some((ref) => typeof ref === "string");
  if (named && options.columns.header === false)
    throw new AppError(
      "bad_request",
      "columns can be named only when the first row is a header; give their 0-based indexes",
    );
  const header = named || options.columns.header === true;
  const names = fields.map((field) => field.trim());
  const labels = [column, countColumn, timestampColumn].map((ref) =>
    typeof ref === "number" ? `column ${ref}` : `column "${ref}"`,
  );
  const indexOf = (ref: ColumnRef, role: string): number => {
    if (typeof ref === "number") {
      if (ref < fields.length) return ref;
      throw new AppError(
        "bad_request",
        `line ${line}: ${role} ${ref} is beyond the ${header ? "header" : "first row"}, which has ${fields.length} column${fields.length === 1 ? "" : "s"} (indexes from 0 to ${fields.length - 1})${formatHint(fields, options.format)}`,
        { line },
      );
    }
    const exact = names.indexOf(ref);
    const index = exact !== -1 ? exact : names.findIndex((name) => name.toLowerCase() === ref.toLowerCase());
    if (index !== -1) return index;
    throw new AppError(
      "bad_request",
      `line ${line}: ${role} "${ref}" is not in the header; its columns are ${names.map((name) => JSON.stringify(name)).join(", ")}${formatHint(fields, options.format)}`,
      { line },
    );
  };
  const resolved: Resolved = { header, query: indexOf(column, "column"), labels };
  if (countColumn !== undefined) resolved.count = indexOf(countColumn, "count column");
  if (timestampColumn !== undefined) resolved.timestamp = indexOf(timestampColumn, "timestamp column");
  return resolved;
}

/** A hint when the first row is one field holding the other format's delimiter. */
function formatHint(fields: string[], format: "csv" | "tsv"): string {
  if (fields.length !== 1) return "";
  if (format === "csv" && fields[0]!.includes("\t"))
    return " — it holds tabs: is this a TSV file (format tsv)?";
  if (format === "tsv" && fields[0]!.includes(","))
    return " — it holds commas: is this a CSV file (format csv)?";
  return "";
}

function readCells(
  fields: string[],
  resolved: Resolved,
): { kind: "query"; text: string; count: number; timestamp?: Date } | { kind: "malformed"; message: string } {
  const indexes = [resolved.query, resolved.count, resolved.timestamp];
  const missing = indexes.findIndex((index) => index !== undefined && index >= fields.length);
  if (missing !== -1) {
    const width = `${fields.length} column${fields.length === 1 ? "" : "s"}`;
    return { kind: "malformed", message: `the row has ${width}, so ${resolved.labels[missing]} is missing` };
  }
  let count = 1;
  if (resolved.count !== undefined) {
    const parsed = parseLogCount(fields[resolved.count]);
    if (typeof parsed !== "number") return { kind: "malformed", message: parsed.problem };
    count = parsed;
  }
  const text = fields[resolved.query]!;
  const cell = resolved.timestamp === undefined ? "" : fields[resolved.timestamp]!.trim();
  if (cell === "") return { kind: "query", text, count };
  const timestamp = parseLogTimestamp(cell);
  if (!(timestamp instanceof Date)) return { kind: "malformed", message: timestamp.problem };
  return { kind: "query", text, count, timestamp };
}
