import { AppError } from "@/lib/errors";
import { normalizeQuery } from "./normalize-query";

/**
 * One distinct query of a log. `count` counts every occurrence with this normal form (a row
 * with a count column of 5 is 5); `firstLine` is 1-based (a CSV record's first line);
 * `variants` are the distinct raw texts (trimmed), most frequent first, capped at MAX_VARIANTS
 * (later new spellings still add to `count`); `display` is the first variant. `firstSeen` /
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

export type LogProblem = { line: number; message: string };

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

export const MAX_VARIANTS = 20;
export const MAX_PROBLEMS = 5;

type Aggregate = {
  count: number;
  firstLine: number;
  variants: Map<string, number>;
  firstSeen?: Date;
  lastSeen?: Date;
};

/**
 * Aggregates rows by normal form: memory grows with distinct queries, not with the log. Rows
 * whose normal form is empty count as `empty`, rows over `maxQueryChars` code points (after
 * trimming) as `tooLong`.
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
  private readonly byNormalized = new Map<string, Aggregate>();
  private nonBlankRows = 0;

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
      return;
    }
    aggregate.count += row.count;
    const variantCount = aggregate.variants.get(display);
    if (variantCount !== undefined) aggregate.variants.set(display, variantCount + row.count);
    else if (aggregate.variants.size < MAX_VARIANTS) aggregate.variants.set(display, row.count);
    if (row.timestamp) {
      if (aggregate.firstSeen === undefined || row.timestamp < aggregate.firstSeen)
        aggregate.firstSeen = row.timestamp;
      if (aggregate.lastSeen === undefined || row.timestamp > aggregate.lastSeen)
        aggregate.lastSeen = row.timestamp;
    }
  }

  /**
   * The entries, most frequent first, ties in order of first appearance. Fails when more than
   * half the non-blank rows are malformed (naming the first), or when nothing was imported.
   */
  finish(): { entries: LogEntry[]; summary: LogSummary } {
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
    summary.unique = this.byNormalized.size;
    return { entries: toEntries(this.byNormalized), summary };
  }
}

function toEntries(byNormalized: Map<string, Aggregate>): LogEntry[] {
  const entries: LogEntry[] = [];
  for (const [normalized, { count, firstLine, variants, firstSeen, lastSeen }] of byNormalized) {
    // Array.prototype.sort is stable: equal counts keep first-seen order.
    const sorted = [...variants].map(([text, n]) => ({ text, count: n })).sort((a, b) => b.count - a.count);
    const entry: LogEntry = { normalized, display: sorted[0]!.text, count, firstLine, variants: sorted };
    if (firstSeen !== undefined && lastSeen !== undefined) Object.assign(entry, { firstSeen, lastSeen });
    entries.push(entry);
  }
  return entries.sort((a, b) => b.count - a.count || a.firstLine - b.firstLine);
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
