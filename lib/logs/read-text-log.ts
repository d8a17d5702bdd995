import { type LogEntry, type LogSummary, readLog } from "./read-log";

export type { LogEntry, LogSummary } from "./read-log";
export { MAX_VARIANTS } from "./read-log";

/**
 * Reads a plain-text query log, one query per line: readLog with format "text" (kept for the
 * callers that only ever read text logs; see readLog for the contract).
 */
export function readTextLog(
  input: AsyncIterable<Uint8Array>,
  options: { maxQueryChars?: number; onProgress?: (linesRead: number) => void } = {},
): Promise<{ entries: LogEntry[]; summary: LogSummary }> {
  return readLog(input, { ...options, format: "text" });
}
