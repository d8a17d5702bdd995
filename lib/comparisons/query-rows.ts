/** One query of a comparison with its value of each compared measure in every run. */
export type ComparisonQueryRow = {
  queryId: string;
  key: string;
  text: string;
  /** Its place in the set (the list's default order). */
  position: number;
  classes: string[];
  tags: string[];
  /** Per run id (the baseline's included): measure → value; no entry when the run did not evaluate it. */
  values: Record<string, Partial<Record<string, number>>>;
};

export type QueryOutcome = "win" | "loss" | "tie";

/** Deltas within this of 0 are ties: floating-point noise, as compareRuns counts them. */
const TIE_TOLERANCE = 1e-9;

/** `run` − `baseline` on `measure` for one query, or null when either run has no value. */
export function queryDelta(
  row: ComparisonQueryRow,
  options: { baselineId: string; runId: string; measure: string },
): number | null {
  const baseline = row.values[options.baselineId]?.[options.measure];
  const value = row.values[options.runId]?.[options.measure];
  return baseline === undefined || value === undefined ? null : value - baseline;
}

export function outcomeOf(delta: number | null): QueryOutcome | null {
  if (delta === null) return null;
  if (delta > TIE_TOLERANCE) return "win";
  if (delta < -TIE_TOLERANCE) return "loss";
  return "tie";
}

export type QueryListSort = "set" | "largest-change" | "biggest-loss" | "biggest-win";

export type QueryListFilter = {
  measure: string;
  baselineId: string;
  /** The run whose wins and losses the list shows. */
  runId: string;
  /** A class id, or undefined for every class. */
  queryClass?: string | undefined;
  tag?: string | undefined;
  outcome?: QueryOutcome | undefined;
  /** Keep queries whose |delta| is at least this (0 keeps all). */
  minChange?: number | undefined;
  sort: QueryListSort;
};

/**
 * The per-query list as filtered and sorted: by class, tag, win/loss/tie of `runId` against the
 * baseline, and size of the change; sorted in set order, by the size of the change, or with the
 * biggest losses or wins first (ties broken by set order). Queries either run did not evaluate
 * have no delta: they are kept only when no outcome or minimum change is asked for, and sort last
 * unless the order is the set's.
 */
export function filterQueryRows(
  rows: readonly ComparisonQueryRow[],
  filter: QueryListFilter,
): { row: ComparisonQueryRow; delta: number | null; outcome: QueryOutcome | null }[] {
  const minChange = filter.minChange ?? 0;
  const entries = rows
    .filter((row) => filter.queryClass === undefined || row.classes.includes(filter.queryClass))
    .filter((row) => filter.tag === undefined || row.tags.includes(filter.tag))
    .map((row) => {
      const delta = queryDelta(row, filter);
      return { row, delta, outcome: outcomeOf(delta) };
    })
    .filter((entry) => filter.outcome === undefined || entry.outcome === filter.outcome)
    .filter((entry) => minChange <= 0 || (entry.delta !== null && Math.abs(entry.delta) >= minChange));
  const key = (delta: number | null): number => {
    if (filter.sort === "set") return 0;
    if (delta === null) return Number.POSITIVE_INFINITY;
    if (filter.sort === "largest-change") return -Math.abs(delta);
    if (filter.sort === "biggest-loss") return delta;
    return -delta; // biggest-win
  };
  return entries.sort(
    (left, right) => key(left.delta) - key(right.delta) || left.row.position - right.row.position,
  );
}

/** Wins, losses and ties of `runId` over the rows (those both runs evaluated). */
export function countOutcomes(
  rows: readonly ComparisonQueryRow[],
  options: { baselineId: string; runId: string; measure: string },
): Record<QueryOutcome, number> {
  const counts: Record<QueryOutcome, number> = { win: 0, loss: 0, tie: 0 };
  for (const row of rows) {
    const outcome = outcomeOf(queryDelta(row, options));
    if (outcome) counts[outcome] += 1;
  }
  return counts;
}
