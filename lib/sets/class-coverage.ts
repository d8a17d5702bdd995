import type { ClassMix } from "@/lib/logs/class-mix";
import { UNCLASSIFIED } from "@/lib/logs/sample-queries";

export type ClassCoverageRow = {
  queryClass: string;
  /** queries of the set with this class */
  setQueries: number;
  /** setQueries / queries in the set, 0..1 */
  setShare: number;
  /** share of the log's lines with this class, 0..1 */
  logShare: number;
  /** the log has this class, and the set has none of it or less than half the log's share */
  underCovered: boolean;
};

/** How far below the log's share a class may fall in the set before it is flagged. */
const UNDER_COVERAGE_RATIO = 2;

/**
 * The set's class mix beside the log's. `setClasses` holds one class list per query of the set
 * (empty: unclassified). Classes absent from both are left out.
 */
export function buildClassCoverage(options: {
  setClasses: readonly (readonly string[])[];
  logMix: ClassMix;
}): { rows: ClassCoverageRow[]; setTotal: number; underCovered: number } {
  const setTotal = options.setClasses.length;
  const setCounts = new Map<string, number>();
  for (const classes of options.setClasses) {
    for (const queryClass of classes.length > 0 ? classes : [UNCLASSIFIED]) {
      setCounts.set(queryClass, (setCounts.get(queryClass) ?? 0) + 1);
    }
  }
  const order = options.logMix.rows.map((row) => row.queryClass);
  for (const queryClass of setCounts.keys()) if (!order.includes(queryClass)) order.push(queryClass);
  const logShares = new Map(options.logMix.rows.map((row) => [row.queryClass, row.lineShare]));
  const rows = order.flatMap((queryClass) => {
    const setQueries = setCounts.get(queryClass) ?? 0;
    const logShare = logShares.get(queryClass) ?? 0;
    if (setQueries === 0 && logShare === 0) return [];
    const setShare = setTotal > 0 ? setQueries / setTotal : 0;
    const underCovered =
      queryClass !== UNCLASSIFIED &&
      logShare > 0 &&
      (setQueries === 0 || logShare > UNDER_COVERAGE_RATIO * setShare);
    return [{ queryClass, setQueries, setShare, logShare, underCovered }];
  });
  return { rows, setTotal, underCovered: rows.filter((row) => row.underCovered).length };
}
