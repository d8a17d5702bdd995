import { z } from "zod";
import { readLineBatches } from "@/lib/exchange/read-lines";
import {
  compareLogEntries,
  LogAccumulator,
  type LogEntry,
  type LogPart,
  type LogRow,
  type LogSummary,
  toLogEntry,
} from "./accumulate-log-rows";
import { decodeLine } from "./decode-line";
import { gunzipIfCompressed } from "./open-log-stream";
import { readDelimitedLogRows } from "./read-delimited-log-rows";
import { readJsonlLogRows } from "./read-jsonl-log-rows";

export type { LogEntry, LogSummary } from "./accumulate-log-rows";

export const logFormats = ["text", "csv", "tsv", "jsonl"] as const;
export type LogFormat = (typeof logFormats)[number];

/** A column by 0-based index or header name; a string of digits is an index ("2" → 2). */
const columnSchema = z.union([
  z.number().int().min(0),
  z.string().regex(/^\d+$/).transform(Number),
  z.string().trim().min(1),
]);
const fieldSchema = z.string().trim().min(1);

const COLUMN_OPTIONS = ["column", "countColumn", "timestampColumn", "header"] as const;
const FIELD_OPTIONS = ["field", "countField", "timestampField"] as const;

/**
 * How to read a query log (for the CLI, the upload route and the import job alike): `column`
 * options apply to csv/tsv (`column` defaults to "query"; `header` only matters when every
 * column is an index, see DelimitedColumns), `field` options — dotted paths — to jsonl (`field`
 * defaults to "query"); text takes neither.
 */
export const logFormatOptionsSchema = z
  .object({
    format: z.enum(logFormats),
    column: columnSchema.optional(),
    countColumn: columnSchema.optional(),
    timestampColumn: columnSchema.optional(),
    header: z.boolean().optional(),
    /** text only: drop a leading numeric id such as "20001:" or "20001:3:" (TREC topic files) */
    idPrefix: z.boolean().optional(),
    field: fieldSchema.optional(),
    countField: fieldSchema.optional(),
    timestampField: fieldSchema.optional(),
  })
  .superRefine((options, context) => {
    const misplaced =
      options.format === "jsonl"
        ? [...COLUMN_OPTIONS, "idPrefix" as const]
        : options.format === "text"
          ? [...COLUMN_OPTIONS, ...FIELD_OPTIONS]
          : [...FIELD_OPTIONS, "idPrefix" as const];
    for (const key of misplaced) {
      if (options[key] === undefined) continue;
      const hint =
        options.format === "jsonl"
          ? " (use field options)"
          : options.format === "text"
            ? ""
            : " (use column options)";
      context.addIssue({
        code: "custom",
        path: [key],
        message: `${key} does not apply to ${options.format} logs${hint}`,
      });
    }
  });
export type LogFormatOptions = z.infer<typeof logFormatOptionsSchema>;

export type ReadLogOptions = LogFormatOptions & {
  /** Longest query kept, in code points after trimming (default 512); longer rows are tooLong. */
  maxQueryChars?: number;
  /** Called with the lines read so far about every 10,000 lines, and once at the end. */
  onProgress?: (linesRead: number) => void;
};

const DEFAULT_MAX_QUERY_CHARS = 512;
const MAX_RECORD_BYTES = 1024 * 1024;
const PROGRESS_EVERY_LINES = 10_000;

/**
 * The format a log's file name says: .txt/.log → text, .csv, .tsv, .jsonl/.ndjson, each with an
 * optional trailing .gz; any other name → text, the format that reads anything.
 */
export function detectLogFormat(fileName: string): LogFormat {
  const extension = /\.([a-z]+)(?:\.gz)?$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === "csv" || extension === "tsv" || extension === "jsonl") return extension;
  if (extension === "ndjson") return "jsonl";
  return "text";
}

/**
 * Reads a query log into memory: streaming, but memory grows with the number of distinct
 * queries. For logs of any size, importQueryLog (lib/db) streams batches into a stage instead
 * (streamLog). Returns the entries most frequent first, ties in order of first appearance.
 */
export async function readLog(
  input: AsyncIterable<Uint8Array>,
  options: ReadLogOptions,
): Promise<{ entries: LogEntry[]; summary: LogSummary }> {
  let parts: LogPart[] = [];
  const summary = await streamLog(input, {
    ...options,
    onBatch: (batch) => {
      parts = batch;
    },
    distinct: () => parts.length,
  });
  return { entries: parts.map(toLogEntry).sort(compareLogEntries), summary };
}

export type StreamLogOptions = ReadLogOptions & {
  /**
   * Receives the distinct queries of each batch (LogPart: variants uncapped, in order of first
   * appearance), at most about `batchVariants` (query, variant) pairs each, and the last one at
   * the end; awaited before reading on. Without `batchVariants` there is one batch.
   */
  onBatch: (parts: LogPart[]) => void | Promise<void>;
  batchVariants?: number;
  /** The number of distinct queries over all batches, once the last one was handed over. */
  distinct: () => number;
};

/**
 * Reads a query log in bounded batches: memory grows with one batch, not with the file. The
 * input may be gzip (detected by its magic bytes). Each line or record is decoded (decodeLine:
 * UTF-8, else Windows-1252), its query normalized (normalizeQuery) and counted; see LogSummary
 * for what is skipped and the format readers for what is fatal (readDelimitedLogRows; JSONL
 * lines are never fatal alone). Fails with AppError("bad_request") when nothing is importable
 * or over half the non-blank rows are malformed — after the last batch was handed over.
 */
export async function streamLog(
  input: AsyncIterable<Uint8Array>,
  options: StreamLogOptions,
): Promise<LogSummary> {
  const maxQueryChars = options.maxQueryChars ?? DEFAULT_MAX_QUERY_CHARS;
  const batchVariants = options.batchVariants ?? Number.POSITIVE_INFINITY;
  const accumulator = new LogAccumulator(maxQueryChars);
  let nextProgress = PROGRESS_EVERY_LINES;
  /** Adds a row; true when a batch of variants is full (synchronous: no await per row). */
  const add = (row: LogRow): boolean => {
    accumulator.add(row);
    const lines = accumulator.summary.lines;
    if (lines >= nextProgress) {
      options.onProgress?.(lines);
      nextProgress = (Math.floor(lines / PROGRESS_EVERY_LINES) + 1) * PROGRESS_EVERY_LINES;
    }
    return accumulator.batchVariants >= batchVariants;
  };
  for await (const rows of readRows(gunzipIfCompressed(input), options, maxQueryChars)) {
    for (const row of Array.isArray(rows) ? rows : [rows])
      if (add(row)) await options.onBatch(accumulator.takeBatch());
  }
  await options.onBatch(accumulator.takeBatch());
  options.onProgress?.(accumulator.summary.lines);
  return accumulator.finish(options.distinct());
}

/** Rows one by one, or (plain text) the rows of each chunk of the input together. */
function readRows(
  bytes: AsyncIterable<Uint8Array>,
  options: ReadLogOptions,
  maxQueryChars: number,
): AsyncIterable<LogRow | LogRow[]> {
  const maxRecordBytes = Math.max(MAX_RECORD_BYTES, maxQueryChars * 8);
  switch (options.format) {
    case "text":
      // Lines over 8 bytes per allowed character cannot fit: they are not even decoded.
      return readTextLogRows(bytes, Math.max(4096, maxQueryChars * 8), options.idPrefix ?? false);
    case "csv":
    case "tsv":
      return readDelimitedLogRows(bytes, {
        format: options.format,
        maxRecordBytes,
        columns: {
          column: options.column ?? "query",
          ...(options.countColumn !== undefined ? { countColumn: options.countColumn } : {}),
          ...(options.timestampColumn !== undefined ? { timestampColumn: options.timestampColumn } : {}),
          ...(options.header !== undefined ? { header: options.header } : {}),
        },
      });
    case "jsonl":
      return readJsonlLogRows(bytes, {
        maxLineBytes: maxRecordBytes,
        fields: {
          field: options.field ?? "query",
          ...(options.countField !== undefined ? { countField: options.countField } : {}),
          ...(options.timestampField !== undefined ? { timestampField: options.timestampField } : {}),
        },
      });
  }
}

/** "20001:" or "20001:3:" at the start of a line: the ids of TREC topic files, not the query. */
const NUMERIC_ID_PREFIX = /^\s*\d+(?::\d+)*:/;

/**
 * Plain text: every line is one query; with `idPrefix`, after its leading numeric id. Yields
 * the rows of each chunk of the input together.
 */
async function* readTextLogRows(
  input: AsyncIterable<Uint8Array>,
  maxLineBytes: number,
  idPrefix: boolean,
): AsyncGenerator<LogRow[]> {
  for await (const lines of readLineBatches(input, { maxLineBytes })) {
    yield lines.map(({ lineNumber, bytes, truncated }): LogRow => {
      if (truncated) return { line: lineNumber, kind: "tooLong" };
      const decoded = decodeLine(bytes, { first: lineNumber === 1 });
      if ("binary" in decoded) return { line: lineNumber, kind: "binary" };
      const text = idPrefix ? decoded.text.replace(NUMERIC_ID_PREFIX, "") : decoded.text;
      return { line: lineNumber, fallback: decoded.fallback, kind: "query", text, count: 1 };
    });
  }
}
