import { AppError } from "@/lib/errors";
import { normalizeQuery } from "./normalize-query";

/**
 * One distinct query of a log. `count` counts every occurrence with this normal form (a row
 * with a count column of 5 is 5); `firstLine` is 1-based (a CSV record's first line);
 * `variants` are the distinct raw texts (trimmed), most frequent first, capped at the first
 * MAX_VARIANTS spellings seen (later new spellings still add to `count`); `display` is the first variant. `firstSeen` /
 * `lastSeen` are the earliest and latest timestamps of its rows, when the log has timestamps.
 */
export type LogEntry = {
  normalized: string;
  display: string;
  count: number;
  firstLine: number;
  variants: { text: string; count: number }[];
  firstSeen?: Date;
  lastSeen?: Date;
};

type LogProblem = { line: number; message: string };

/**
 * `lines` = physical lines read (a final line without "\n" counts; a CSV header and every line
 * of a multi-line record count); `imported` = occurrences aggregated into entries (count
 * columns included); `unique` = entries. Skipped rows are never fatal: `malformed` rows are
 * JSONL lines that are not JSON or lack the field, and CSV/TSV rows too short for the column
 * or with a bad count or timestamp; `problems` holds the first MAX_PROBLEMS of them.
 * `fallbackDecoded` = rows that were not UTF-8 and were decoded as Windows-1252 (decodeLine).
 */
export type LogSummary = {
  lines: number;
  imported: number;
  unique: number;
  skipped: { empty: number; tooLong: number; binary: number; malformed: number };
  fallbackDecoded: number;
  problems: LogProblem[];
};

/**
 * One row of a log as a format reader sees it, before normalization: `line` is where it starts,
 * `lastLine` where it ends when that is another line (quoted line breaks in CSV). A `header`
 * row only advances the line count.
 */
export type LogRow = { line: number; lastLine?: number; fallback?: boolean } & (
  | { kind: "query"; text: string; count: number; timestamp?: Date }
  | { kind: "header" }
  | { kind: "blank" }
  | { kind: "tooLong" }
  | { kind: "binary" }
  | { kind: "malformed"; message: string }
);

const MAX_VARIANTS = 20;
const MAX_PROBLEMS = 5;

/**
 * One distinct query as far as a part of the log saw it: like LogEntry, but `variants` are
 * [text, count] pairs in order of first appearance and NOT capped (the cap is applied where parts
 * merge: mergeLogParts), so that parts of a log merge into exactly what one pass over it gives.
 */
export type LogPart = {
  normalized: string;
  count: number;
  firstLine: number;
  variants: [text: string, count: number][];
  firstSeen?: Date;
  lastSeen?: Date;
};

type Aggregate = {
  count: number;
  firstLine: number;
  variants: Map<string, number>;
  firstSeen?: Date;
  lastSeen?: Date;
};

/**
 * Aggregates rows by normal form. Memory grows with the distinct queries of the current batch:
 * takeBatch() hands them over (in order of first appearance) and starts a new batch, so a
 * caller that merges batches elsewhere (lib/db/query-log-stage.ts) holds no more than one.
 * Rows whose normal form is empty count as `empty`, rows over `maxQueryChars` code points (after
 * trimming) as `tooLong`. The summary covers the whole log.
 */
export class LogAccumulator {
  readonly summary: LogSummary = {
    lines: 0,
    imported: 0,
    unique: 0,
    skipped: { empty: 0, tooLong: 0, binary: 0, malformed: 0 },
    fallbackDecoded: 0,
    problems: [],
  };
  private byNormalized = new Map<string, Aggregate>();
  private nonBlankRows = 0;
  /** distinct (query, variant) pairs in the current batch: what its memory grows with */
  batchVariants = 0;

  constructor(private readonly maxQueryChars: number) {}

  add(row: LogRow): void {
    const { skipped } = this.summary;
    this.summary.lines = row.lastLine ?? row.line;
    if (row.fallback) this.summary.fallbackDecoded += 1;
    if (row.kind === "header") return;
    if (row.kind === "blank") {
      skipped.empty += 1;
      return;
    }
    this.nonBlankRows += 1;
    if (row.kind === "tooLong" || row.kind === "binary") {
      skipped[row.kind] += 1;
      return;
    }
    if (row.kind === "malformed") {
      skipped.malformed += 1;
      if (this.summary.problems.length < MAX_PROBLEMS)
        this.summary.problems.push({ line: row.line, message: row.message });
      return;
    }
    const normalized = normalizeQuery(row.text);
    if (normalized === "") {
      skipped.empty += 1;
      return;
    }
    const display = row.text.trim();
    if (countCodePoints(display, this.maxQueryChars) > this.maxQueryChars) {
      skipped.tooLong += 1;
      return;
    }
    this.summary.imported += row.count;
    const aggregate = this.byNormalized.get(normalized);
    if (aggregate === undefined) {
      const created: Aggregate = {
        count: row.count,
        firstLine: row.line,
        variants: new Map([[display, row.count]]),
      };
      if (row.timestamp) Object.assign(created, { firstSeen: row.timestamp, lastSeen: row.timestamp });
      this.byNormalized.set(normalized, created);
      this.batchVariants += 1;
      return;
    }
    aggregate.count += row.count;
    const variantCount = aggregate.variants.get(display);
    if (variantCount !== undefined) aggregate.variants.set(display, variantCount + row.count);
    else {
      aggregate.variants.set(display, row.count);
      this.batchVariants += 1;
    }
    if (row.timestamp) {
      if (aggregate.firstSeen === undefined || row.timestamp < aggregate.firstSeen)
        aggregate.firstSeen = row.timestamp;
      if (aggregate.lastSeen === undefined || row.timestamp > aggregate.lastSeen)
        aggregate.lastSeen = row.timestamp;
    }
  }

  /** The current batch's distinct queries, in order of first appearance; the next batch starts empty. */
  takeBatch(): LogPart[] {
    const parts: LogPart[] = [];
    for (const [normalized, { count, firstLine, variants, firstSeen, lastSeen }] of this.byNormalized) {
      const part: LogPart = { normalized, count, firstLine, variants: [...variants] };
      if (firstSeen !== undefined && lastSeen !== undefined) Object.assign(part, { firstSeen, lastSeen });
      parts.push(part);
    }
    this.byNormalized = new Map();
    this.batchVariants = 0;
    return parts;
  }

  /**
   * Checks the whole log once it is read: fails when more than half the non-blank rows are
   * malformed (naming the first), or when nothing was imported. `unique` is the caller's count
   * of distinct queries over all batches.
   */
  finish(unique: number): LogSummary {
    const { summary } = this;
    const { empty, tooLong, binary, malformed } = summary.skipped;
    const first = summary.problems[0];
    if (first !== undefined && malformed * 2 > this.nonBlankRows) {
      throw new AppError(
        "bad_request",
        `${malformed} of ${this.nonBlankRows} non-empty rows are malformed — is this the right format and column/field? The first is line ${first.line}: ${first.message}`,
        { line: first.line },
      );
    }
    if (summary.imported === 0) {
      const detail =
        summary.lines === 0
          ? "it is empty"
          : `${summary.lines} lines read: ${empty} empty, ${tooLong} too long, ${binary} binary${malformed ? `, ${malformed} malformed` : ""}`;
      throw new AppError("bad_request", `the file has no queries (${detail})`);
    }
    summary.unique = unique;
    return summary;
  }
}

/**
 * Merges a later part of the log into an earlier one for the same query (pure): counts add up,
 * the first line and earliest/latest timestamps are kept, and variants keep the first
 * MAX_VARIANTS spellings in order of appearance — later new spellings still add to `count` —
 * exactly as if both parts had been read as one.
 */
export function mergeLogParts(earlier: LogPart, later: LogPart): LogPart {
  const variants = capVariants(earlier.variants);
  const index = new Map(variants.map(([text], position) => [text, position]));
  for (const [text, count] of later.variants) {
    const position = index.get(text);
    if (position !== undefined) variants[position] = [text, variants[position]![1] + count];
    else if (variants.length < MAX_VARIANTS) {
      index.set(text, variants.length);
      variants.push([text, count]);
    }
  }
  const merged: LogPart = {
    normalized: earlier.normalized,
    count: earlier.count + later.count,
    firstLine: Math.min(earlier.firstLine, later.firstLine),
    variants,
  };
  const firstSeen = earliestDate(earlier.firstSeen, later.firstSeen);
  const lastSeen = latestDate(earlier.lastSeen, later.lastSeen);
  if (firstSeen !== undefined && lastSeen !== undefined) Object.assign(merged, { firstSeen, lastSeen });
  return merged;
}

/** The first MAX_VARIANTS spellings, in order of appearance. */
export function capVariants(variants: [string, number][]): [string, number][] {
  return variants.slice(0, MAX_VARIANTS);
}

/** A part as the entry it stands for: variants capped, most frequent first (ties: first seen). */
export function toLogEntry(part: LogPart): LogEntry {
  // Array.prototype.sort is stable: equal counts keep first-seen order.
  const sorted = capVariants(part.variants)
    .map(([text, count]) => ({ text, count }))
    .sort((a, b) => b.count - a.count);
  const entry: LogEntry = {
    normalized: part.normalized,
    display: sorted[0]!.text,
    count: part.count,
    firstLine: part.firstLine,
    variants: sorted,
  };
  if (part.firstSeen !== undefined && part.lastSeen !== undefined)
    Object.assign(entry, { firstSeen: part.firstSeen, lastSeen: part.lastSeen });
  return entry;
}

/** Entries most frequent first, ties in order of first appearance: the order logs are saved in. */
export function compareLogEntries(a: LogEntry, b: LogEntry): number {
  return b.count - a.count || a.firstLine - b.firstLine;
}

function earliestDate(a: Date | undefined, b: Date | undefined): Date | undefined {
  if (a === undefined) return b;
  return b === undefined || a <= b ? a : b;
}

function latestDate(a: Date | undefined, b: Date | undefined): Date | undefined {
  if (a === undefined) return b;
  return b === undefined || a >= b ? a : b;
}

/** Code points in `text`, counting only as far as needed to know whether it exceeds `limit`. */
function countCodePoints(text: string, limit: number): number {
  if (text.length <= limit) return text.length;
  let count = 0;
  for (const _ of text) {
    count += 1;
    if (count > limit) break;
  }
  return count;
}
