/** What a sweep ranks its points by unless the engineer picks another measure. */
const DEFAULT_SWEEP_MEASURE = "context_recall";
/** The measure a sweep falls back to when its runs stored no context-budget metrics. */
const FALLBACK_SWEEP_MEASURE = "recall@10";

export type SweepPointInput = {
  runId: string;
  /** Query id → that query's measures (excluded queries absent). */
  values: ReadonlyMap<string, Readonly<Record<string, number>>>;
};

type RankedSweepPoint = {
  runId: string;
  /** Mean of the measure over every query the point evaluated (null: none has it). */
  all: number | null;
  /** Over its dev queries, and over its holdout queries (null when the set is not split). */
  dev: number | null;
  holdout: number | null;
  /** The value the point is ranked by: dev when the set is split, else all. */
  rankedBy: number | null;
};

export type SweepRanking = {
  measure: string;
  /** Why the measure is not the asked (or default) one: the runs lack it. */
  fallback: { asked: string; reason: string } | null;
  /** The measures every evaluated point has, to choose from. */
  available: string[];
  /** Whether the choice stood on dev queries (the set is split and the points evaluated some). */
  split: boolean;
  points: RankedSweepPoint[];
  /** The point chosen (highest rankedBy; the first in grid order on a tie), with its holdout numbers. */
  best: {
    runId: string;
    dev: number | null;
    holdout: number | null;
    /** dev − holdout: how much of the winner's dev score was luck of the draw. */
    gap: number | null;
    all: number | null;
  } | null;
};

/**
 * Ranks a sweep's points by one measure, honestly: by `measure` when every evaluated point has
 * it, else by context recall at the set's budget (DEFAULT_SWEEP_MEASURE), else by recall@10 —
 * saying so in `fallback` — never by recall@k alone when context recall is there. When the set is
 * split (`splitOf` gives dev or holdout for some evaluated query), the best point is chosen on
 * dev queries only and reported on holdout with the gap: the best of many noisy dev scores is
 * biased upward (the winner's curse), the holdout score is not.
 */
export function rankSweepPoints(options: {
  points: readonly SweepPointInput[];
  splitOf: (queryId: string) => string | null | undefined;
  measure?: string;
}): SweepRanking {
  const evaluated = options.points.filter((point) => point.values.size > 0);
  const available = measuresOfEvery(evaluated);
  const asked = options.measure ?? DEFAULT_SWEEP_MEASURE;
  const { measure, fallback } = chooseMeasure(asked, available);
  const split = evaluated.some((point) =>
    [...point.values.keys()].some((queryId) => isSide(options.splitOf(queryId))),
  );
  const points = options.points.map((point): RankedSweepPoint => {
    const all = meanOf(point.values, measure, () => true);
    const dev = split ? meanOf(point.values, measure, (id) => options.splitOf(id) === "dev") : null;
    const holdout = split ? meanOf(point.values, measure, (id) => options.splitOf(id) === "holdout") : null;
    return { runId: point.runId, all, dev, holdout, rankedBy: split ? dev : all };
  });
  let best: RankedSweepPoint | null = null;
  for (const point of points) {
    if (point.rankedBy !== null && (best === null || point.rankedBy > (best.rankedBy ?? -Infinity)))
      best = point;
  }
  return {
    measure,
    fallback,
    available: [...available].sort(),
    split,
    points,
    best: best
      ? {
          runId: best.runId,
          dev: best.dev,
          holdout: best.holdout,
          gap: best.dev !== null && best.holdout !== null ? best.dev - best.holdout : null,
          all: best.all,
        }
      : null,
  };
}

function chooseMeasure(
  asked: string,
  available: ReadonlySet<string>,
): { measure: string; fallback: SweepRanking["fallback"] } {
  if (available.has(asked) || available.size === 0) return { measure: asked, fallback: null };
  const reason =
    asked === DEFAULT_SWEEP_MEASURE
      ? "the points' runs stored no context-budget metrics. Recall@10 favours longer chunks (more text per result); runs that store context metrics are ranked by context recall at the set's budget"
      : `not every point has ${asked}`;
  if (available.has(DEFAULT_SWEEP_MEASURE) && asked !== DEFAULT_SWEEP_MEASURE)
    return { measure: DEFAULT_SWEEP_MEASURE, fallback: { asked, reason } };
  return { measure: FALLBACK_SWEEP_MEASURE, fallback: { asked, reason } };
}

/** Measures every query of every point has (a point's excluded queries are absent, not 0). */
function measuresOfEvery(points: readonly SweepPointInput[]): Set<string> {
  let shared: Set<string> | null = null;
  for (const point of points) {
    for (const values of point.values.values()) {
      const names = Object.keys(values);
      shared = shared === null ? new Set(names) : new Set(names.filter((name) => shared?.has(name)));
    }
  }
  return shared ?? new Set();
}

function meanOf(
  values: ReadonlyMap<string, Readonly<Record<string, number>>>,
  measure: string,
  include: (queryId: string) => boolean,
): number | null {
  let sum = 0;
  let count = 0;
  for (const [queryId, measures] of values) {
    const value = measures[measure];
    if (value === undefined || !include(queryId)) continue;
    sum += value;
    count += 1;
  }
  return count === 0 ? null : sum / count;
}

function isSide(split: string | null | undefined): boolean {
  return split === "dev" || split === "holdout";
}
