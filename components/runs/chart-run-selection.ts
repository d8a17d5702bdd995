/** Lines a recall chart shows at most: beyond this a chart stops being readable. */
export const MAX_CHART_RUNS = 12;
/** Besides the pinned baseline, the default chart shows this many of the newest finished runs. */
export const DEFAULT_NEWEST_RUNS = 4;

type ChartCandidate = { id: string; status: string; archived: boolean };

/**
 * The runs on a set's recall chart. `requested` (the URL's `?chart=` ids) wins when it names any
 * finished run of the set — in the order given, unknown or unfinished ids dropped, at most
 * MAX_CHART_RUNS. Otherwise the default: the pinned baseline and the DEFAULT_NEWEST_RUNS newest
 * finished, unarchived runs. `runs` come newest first. Never "the N newest" silently: the page
 * states which rule chose the lines.
 */
export function chooseChartRuns(options: {
  requested: readonly string[] | undefined;
  runs: readonly ChartCandidate[];
  baselineRunId: string | null;
}): { ids: string[]; isDefault: boolean; dropped: number } {
  const finished = new Map(
    options.runs.filter((run) => run.status === "succeeded").map((run) => [run.id, run]),
  );
  if (options.requested?.length) {
    const known = [...new Set(options.requested)].filter((id) => finished.has(id));
    if (known.length)
      return {
        ids: known.slice(0, MAX_CHART_RUNS),
        isDefault: false,
        dropped: options.requested.length - Math.min(known.length, MAX_CHART_RUNS),
      };
  }
  const baseline =
    options.baselineRunId && finished.has(options.baselineRunId) ? [options.baselineRunId] : [];
  const newest = [...finished.values()]
    .filter((run) => !run.archived && run.id !== options.baselineRunId)
    .slice(0, DEFAULT_NEWEST_RUNS)
    .map((run) => run.id);
  return { ids: [...baseline, ...newest], isDefault: true, dropped: 0 };
}

/** `?chart=a,b&chart=c` → ["a", "b", "c"]; absent → undefined. */
export function parseChartParam(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const ids = (Array.isArray(value) ? value : [value])
    .flatMap((entry) => entry.split(","))
    .map((id) => id.trim())
    .filter(Boolean);
  return ids.length ? ids : undefined;
}
