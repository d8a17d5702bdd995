import { QUERY_CLASSES } from "@/lib/logs/classify-query";

// How a log's aggregate for one query merges into the stored LogQuery (pure; saveQueryLog).

export const MAX_STORED_VARIANTS = 20;

export type Variant = { text: string; count: number };

/** Counts of the same text summed; the MAX_STORED_VARIANTS most frequent, ties by text. */
export function mergeVariants(previous: Variant[], incoming: Variant[]): Variant[] {
  const counts = new Map(previous.map((variant) => [variant.text, variant.count]));
  for (const variant of incoming) counts.set(variant.text, (counts.get(variant.text) ?? 0) + variant.count);
  return [...counts.entries()]
    .map(([text, count]) => ({ text, count }))
    .sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : 1))
    .slice(0, MAX_STORED_VARIANTS);
}

/** The earlier date; a missing one is ignored. */
export function earliest(previous: Date | null, incoming: Date | undefined): Date | null {
  if (incoming === undefined) return previous;
  return previous === null || incoming < previous ? incoming : previous;
}

/** The later date; a missing one is ignored. */
export function latest(previous: Date | null, incoming: Date | undefined): Date | null {
  if (incoming === undefined) return previous;
  return previous === null || incoming > previous ? incoming : previous;
}

const CLASS_ORDER = new Map<string, number>(QUERY_CLASSES.map((queryClass, index) => [queryClass, index]));

/** Old and new classes, once each, in QUERY_CLASSES order (unknown ids last). */
export function unionClasses(previous: string, fresh: readonly string[]): string {
  const all = new Set([...(previous === "" ? [] : previous.split(",")), ...fresh]);
  const rank = (queryClass: string) => CLASS_ORDER.get(queryClass) ?? QUERY_CLASSES.length;
  return [...all].sort((a, b) => rank(a) - rank(b)).join(",");
}
