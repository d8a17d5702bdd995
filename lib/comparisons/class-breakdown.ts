import { meanOver } from "@/lib/comparisons/run-means";
import { UNCLASSIFIED } from "@/lib/logs/sample-queries";

export type BreakdownQuery = { id: string; classes: readonly string[]; tags: readonly string[] };

export type BreakdownGroup = {
  kind: "class" | "tag";
  /** The class id (`error-code`, `unclassified`) or the tag. */
  name: string;
  /** Compared queries in the group. */
  queries: number;
  /** Per run id, per measure: the mean over the group's queries (null when none has a value). */
  means: Record<string, Record<string, number | null>>;
};

/**
 * Each run's means per query class and per tag, over the compared queries only (`queryIds`): does
 * hybrid help the error-code queries and hurt the questions? A query counts in every class and
 * tag it has; a query without a class counts as UNCLASSIFIED (queries without tags count in no
 * tag group). Groups are classes first, then tags, each by size (largest first) then name.
 */
export function breakDownByClassAndTag(options: {
  queries: readonly BreakdownQuery[];
  queryIds: readonly string[];
  runs: readonly { id: string; values: ReadonlyMap<string, Readonly<Partial<Record<string, number>>>> }[];
  measures: readonly string[];
}): BreakdownGroup[] {
  const compared = new Set(options.queryIds);
  const members = new Map<string, { kind: "class" | "tag"; name: string; ids: string[] }>();
  const add = (kind: "class" | "tag", name: string, queryId: string) => {
    const key = `${kind}\u0000${name}`;
    const group = members.get(key) ?? { kind, name, ids: [] };
    group.ids.push(queryId);
    members.set(key, group);
  };
  for (const query of options.queries) {
    if (!compared.has(query.id)) continue;
    for (const queryClass of query.classes.length > 0 ? query.classes : [UNCLASSIFIED]) {
      add("class", queryClass, query.id);
    }
    for (const tag of new Set(query.tags)) add("tag", tag, query.id);
  }
  const groups = [...members.values()].map(
    (group): BreakdownGroup => ({
      kind: group.kind,
      name: group.name,
      queries: group.ids.length,
      means: Object.fromEntries(
        options.runs.map((run) => [
          run.id,
          Object.fromEntries(
            options.measures.map((measure) => [measure, meanOver(run.values, group.ids, measure)]),
          ),
        ]),
      ),
    }),
  );
  return groups.sort(
    (left, right) =>
      (left.kind === right.kind ? 0 : left.kind === "class" ? -1 : 1) ||
      right.queries - left.queries ||
      left.name.localeCompare(right.name),
  );
}
