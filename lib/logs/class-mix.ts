import { QUERY_CLASSES } from "@/lib/logs/classify-query";
import { UNCLASSIFIED } from "@/lib/logs/sample-queries";

/** Queries sharing one `classes` string (LogQuery.classes, comma-separated), as SQL groups them. */
export type ClassGroup = { classes: string; distinct: number; lines: number };

type ClassMixRow = {
  /** a QUERY_CLASSES id, or UNCLASSIFIED */
  queryClass: string;
  /** distinct queries with this class */
  distinct: number;
  /** log lines whose query has this class */
  lines: number;
  /** lines / all lines, 0..1; shares add up to more than 1 since a query may have several classes */
  lineShare: number;
};

export type ClassMix = { rows: ClassMixRow[]; totalDistinct: number; totalLines: number };

/** Splits class-combination groups into one row per class, in QUERY_CLASSES order, then UNCLASSIFIED. */
export function buildClassMix(groups: readonly ClassGroup[]): ClassMix {
  const order = [...QUERY_CLASSES, UNCLASSIFIED] as string[];
  const totals = new Map(order.map((queryClass) => [queryClass, { distinct: 0, lines: 0 }]));
  let totalDistinct = 0;
  let totalLines = 0;
  for (const group of groups) {
    totalDistinct += group.distinct;
    totalLines += group.lines;
    const classes = splitClasses(group.classes);
    for (const queryClass of classes.length > 0 ? classes : [UNCLASSIFIED]) {
      let total = totals.get(queryClass);
      if (!total) {
        total = { distinct: 0, lines: 0 };
        totals.set(queryClass, total);
        order.push(queryClass);
      }
      total.distinct += group.distinct;
      total.lines += group.lines;
    }
  }
  const rows = order.map((queryClass) => {
    const total = totals.get(queryClass) ?? { distinct: 0, lines: 0 };
    return { queryClass, ...total, lineShare: totalLines > 0 ? total.lines / totalLines : 0 };
  });
  return { rows, totalDistinct, totalLines };
}

/** "error-code,question" → ["error-code", "question"]; "" → []. */
export function splitClasses(classes: string): string[] {
  return classes.split(",").filter(Boolean);
}
