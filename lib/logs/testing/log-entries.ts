import type { LogEntry, LogSummary } from "@/lib/logs/read-log";

/** A log entry as readLog gives it: seen `count` times, first on line 1, written one way. */
export function logEntry(normalized: string, count: number, extra: Partial<LogEntry> = {}): LogEntry {
  return {
    normalized,
    display: normalized,
    count,
    firstLine: 1,
    variants: [{ text: normalized, count }],
    ...extra,
  };
}

/** The summary of a clean log of `entries`: one line per query seen, nothing skipped. */
export function logSummaryOf(entries: LogEntry[], extra: Partial<LogSummary> = {}): LogSummary {
  const imported = entries.reduce((sum, { count }) => sum + count, 0);
  return {
    lines: imported,
    imported,
    unique: entries.length,
    skipped: { empty: 0, tooLong: 0, binary: 0, malformed: 0 },
    fallbackDecoded: 0,
    problems: [],
    ...extra,
  };
}
