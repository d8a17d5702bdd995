import { describeValue } from "@/lib/errors";

/**
 * Values of a log row besides the query: an occurrence count and a timestamp, from a CSV/TSV
 * cell (a string) or a JSON value. Each parser returns the value or `{ problem }`, which the
 * readers count as a malformed row.
 */

const MAX_COUNT = 1_000_000_000;

/** A whole number from 1 to 10⁹ (`"12"`, `12`, `" 12 "`); how many times a query occurred. */
export function parseLogCount(value: unknown): number | { problem: string } {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : null;
  if (text !== null && /^\d+$/.test(text)) {
    const count = Number(text);
    if (count >= 1 && count <= MAX_COUNT) return count;
  }
  return { problem: `the count ${describeValue(value)} is not a whole number from 1 to ${MAX_COUNT}` };
}

// Unix times at or above this are milliseconds: 10¹¹ seconds is the year 5138, 10¹¹ ms is 1973.
const MILLISECONDS_FROM = 1e11;
const ISO_8601 =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * A point in time: ISO 8601 (`2024-05-01`, `2024-05-01T12:30:00Z`, `2024-05-01 12:30:00+02:00`;
 * without an offset it is UTC, so results never depend on the machine's time zone) or unix time
 * in seconds or milliseconds (a number or a string of digits, fraction allowed).
 */
export function parseLogTimestamp(value: unknown): Date | { problem: string } {
  const problem = { problem: `the timestamp ${describeValue(value)} is neither ISO 8601 nor unix time` };
  if (typeof value === "number") return fromUnix(value) ?? problem;
  if (typeof value !== "string") return problem;
  const text = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(text)) return fromUnix(Number(text)) ?? problem;
  const match = ISO_8601.exec(text);
  if (match === null) return problem;
  const [, date, time, offset] = match;
  const iso = `${date}T${(time ?? "00:00").replace(",", ".")}${normalizeOffset(offset)}`;
  const milliseconds = Date.parse(iso);
  return Number.isNaN(milliseconds) ? problem : new Date(milliseconds);
}

function fromUnix(value: number): Date | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const date = new Date(value >= MILLISECONDS_FROM ? value : value * 1000);
  return Number.isNaN(date.getTime()) ? null : date;
}

function normalizeOffset(offset: string | undefined): string {
  if (offset === undefined || offset.toUpperCase() === "Z") return "Z";
  const digits = offset.slice(1).replace(":", "");
  return `${offset[0]}${digits.slice(0, 2)}:${digits.slice(2) || "00"}`;
}

/** `request.query` → value.request.query; undefined when any step is missing. */
export function getDottedPath(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split(".")) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
