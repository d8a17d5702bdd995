import { AppError } from "@/lib/errors";
import { readLines } from "@/lib/exchange/read-lines";
import { decodeLine } from "./decode-line";
import { normalizeQuery } from "./normalize-query";

/**
 * One distinct query of a log. `count` counts every line with this normal form; `firstLine`
 * is 1-based; `variants` are the distinct raw texts (trimmed), most frequent first, capped at
 * MAX_VARIANTS (later new spellings still add to `count`); `display` is the first variant.
 */
export type LogEntry = {
  normalized: string;
  display: string;
  count: number;
  firstLine: number;
  variants: { text: string; count: number }[];
};

/**
 * `lines` = lines read (a final line without "\n" counts); `imported` = lines aggregated into
 * entries; `unique` = entries. Skipped lines are never fatal. `fallbackDecoded` = lines that
 * were not UTF-8 and were decoded as Windows-1252 (see decodeLine), imported or not.
 */
export type LogSummary = {
  lines: number;
  imported: number;
  unique: number;
  skipped: { empty: number; tooLong: number; binary: number };
  fallbackDecoded: number;
};

export const MAX_VARIANTS = 20;
const DEFAULT_MAX_QUERY_CHARS = 512;
const PROGRESS_EVERY_LINES = 10_000;

type Aggregate = { count: number; firstLine: number; variants: Map<string, number> };

/**
 * Reads a plain-text query log, one query per line, streaming: memory grows with the number of
 * distinct queries, not with the file. Each line is decoded (decodeLine), normalized
 * (normalizeQuery) and counted. Skipped and counted: lines whose normal form is empty; lines
 * longer than `maxQueryChars` (Unicode code points after trimming; lines over 8 bytes per
 * allowed character are not even decoded); binary lines. `onProgress` is called with the
 * lines read so far every 10,000 lines and once at the end. Entries come most frequent first,
 * ties in order of first appearance. No importable line at all → AppError("bad_request").
 */
export async function readTextLog(
  input: AsyncIterable<Uint8Array>,
  options: { maxQueryChars?: number; onProgress?: (linesRead: number) => void } = {},
): Promise<{ entries: LogEntry[]; summary: LogSummary }> {
  const maxQueryChars = options.maxQueryChars ?? DEFAULT_MAX_QUERY_CHARS;
  const maxLineBytes = Math.max(4096, maxQueryChars * 8);
  const summary: LogSummary = {
    lines: 0,
    imported: 0,
    unique: 0,
    skipped: { empty: 0, tooLong: 0, binary: 0 },
    fallbackDecoded: 0,
  };
  const byNormalized = new Map<string, Aggregate>();

  for await (const { lineNumber, bytes, truncated } of readLines(input, { maxLineBytes })) {
    summary.lines = lineNumber;
    if (lineNumber % PROGRESS_EVERY_LINES === 0) options.onProgress?.(lineNumber);
    if (truncated) {
      summary.skipped.tooLong += 1;
      continue;
    }
    const decoded = decodeLine(bytes, { first: lineNumber === 1 });
    if ("binary" in decoded) {
      summary.skipped.binary += 1;
      continue;
    }
    if (decoded.fallback) summary.fallbackDecoded += 1;
    const normalized = normalizeQuery(decoded.text);
    if (normalized === "") {
      summary.skipped.empty += 1;
      continue;
    }
    const display = decoded.text.trim();
    if (countCodePoints(display, maxQueryChars) > maxQueryChars) {
      summary.skipped.tooLong += 1;
      continue;
    }
    summary.imported += 1;
    const aggregate = byNormalized.get(normalized);
    if (aggregate === undefined) {
      byNormalized.set(normalized, { count: 1, firstLine: lineNumber, variants: new Map([[display, 1]]) });
      continue;
    }
    aggregate.count += 1;
    const variantCount = aggregate.variants.get(display);
    if (variantCount !== undefined) aggregate.variants.set(display, variantCount + 1);
    else if (aggregate.variants.size < MAX_VARIANTS) aggregate.variants.set(display, 1);
  }
  options.onProgress?.(summary.lines);

  if (summary.imported === 0) {
    const { empty, tooLong, binary } = summary.skipped;
    const detail =
      summary.lines === 0
        ? "it is empty"
        : `${summary.lines} lines read: ${empty} empty, ${tooLong} too long, ${binary} binary`;
    throw new AppError("bad_request", `the file has no queries (${detail})`);
  }
  summary.unique = byNormalized.size;
  return { entries: toEntries(byNormalized), summary };
}

function toEntries(byNormalized: Map<string, Aggregate>): LogEntry[] {
  const entries: LogEntry[] = [];
  for (const [normalized, { count, firstLine, variants }] of byNormalized) {
    // Array.prototype.sort is stable: equal counts keep first-seen order.
    const sorted = [...variants].map(([text, n]) => ({ text, count: n })).sort((a, b) => b.count - a.count);
    entries.push({ normalized, display: sorted[0]!.text, count, firstLine, variants: sorted });
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
