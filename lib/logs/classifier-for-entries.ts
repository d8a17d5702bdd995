import { buildClassifierContext, classifyQuery } from "@/lib/logs/classify-query";
import type { LogEntry } from "@/lib/logs/read-log";

/** Classes of one query from its normal form and its display text (classifyQuery's ids). */
export type ClassifyLogQuery = (query: { normalized: string; display: string }) => readonly string[];

/** classifyQuery over one log's entries: the typo and casing context comes from that log. */
export function classifierForEntries(entries: LogEntry[]): ClassifyLogQuery {
  const context = buildClassifierContext(entries);
  return ({ normalized, display }) => classifyQuery(normalized, context, { display });
}
