import type { z } from "zod";
import type { compareBodySchema, comparisonResponseSchema } from "@/lib/api/v1-schemas";
import { findRunsByIds } from "@/lib/db/api-runs";
import type { Db } from "@/lib/db/client";
import { loadQueryMetricsOfRuns } from "@/lib/db/comparisons";
import { loadQuerySplitsOfSet } from "@/lib/db/query-splits";
import { AppError } from "@/lib/errors";
import { compareRuns, type PerQueryValues } from "@/lib/eval/compare-runs";
import { parseStoredQueryMetrics, queryMeasureValues, sharedMeasures } from "@/lib/eval/query-measure-values";
import { restrictToSplit } from "@/lib/eval/restrict-to-split";
import { parseMeasureRequest, toTrecMeasureName } from "@/lib/eval/trec-measure-names";

/**
 * What the API compares without `measures`: `goldenset compare`'s defaults, but recall at 10 —
 * runs store recall up to k = 20 (REPORTED_KS), not trec_eval's recall.100.
 */
const DEFAULT_API_MEASURES = ["ndcg@10", "mrr", "recall@10", "map"] as const;

/**
 * Runs of one golden set against a baseline, by id, from their stored per-query metrics — the
 * numbers their run pages show — through compareRuns (the comparison page's and `goldenset
 * compare`'s code), in `goldenset compare --json`'s shape and measure names (`ndcg_cut_10`; requests
 * may use either spelling, lib/eval/trec-measure-names). Every run stands on the same queries:
 * those the baseline and every run evaluated (excluded ones left out). A run is named by its id.
 * With `split`, only the set's dev or holdout queries (restrictToSplit). Throws bad_request for
 * runs of different sets, a run that has not succeeded, a measure a run lacks, or a split with no
 * compared query; not_found for an unknown id.
 */
export async function compareRunsById(
  prisma: Db,
  request: z.output<typeof compareBodySchema>,
): Promise<z.output<typeof comparisonResponseSchema>> {
  const ids = [request.baseline, ...request.runs];
  const runs = await findRunsByIds(prisma, ids);
  const setIds = new Set(runs.map((run) => run.goldenSetId));
  if (setIds.size > 1)
    throw new AppError("bad_request", "Compare runs of one golden set.", { path: ["runs"] });
  const unfinished = runs.find((run) => run.status !== "succeeded");
  if (unfinished)
    throw new AppError("bad_request", `Run ${unfinished.id} has not succeeded (${unfinished.status}).`, {
      path: [unfinished.id === request.baseline ? "baseline" : "runs"],
    });
  const rows = await loadQueryMetricsOfRuns(prisma, ids);
  const values = new Map<string, Map<string, Record<string, number>>>(ids.map((id) => [id, new Map()]));
  for (const row of rows) {
    if (!row.excluded)
      values.get(row.runId)?.set(row.queryId, queryMeasureValues(parseStoredQueryMetrics(row.metrics)));
  }
  const splits = request.split ? await loadQuerySplitsOfSet(prisma, runs[0]?.goldenSetId ?? "") : new Map();
  const perRun = restrictToSplit({
    runs: ids.map((id) => values.get(id) ?? new Map<string, Record<string, number>>()),
    splitOf: (queryId) => splits.get(queryId),
    split: request.split,
  });
  const shared = [...(perRun[0]?.keys() ?? [])].filter((queryId) => perRun.every((run) => run.has(queryId)));
  const measures = request.measures
    ? [
        ...new Set(
          request.measures.map((measure, index) => parseMeasureRequest(measure, ["measures", index])),
        ),
      ]
    : [...DEFAULT_API_MEASURES];
  const available = sharedMeasures(perRun.flatMap((run) => shared.map((queryId) => run.get(queryId) ?? {})));
  const missing = measures.filter((measure) => !available.has(measure));
  if (missing.length)
    throw new AppError(
      "bad_request",
      `Not every run has ${missing.map(toTrecMeasureName).join(", ")} (available: ${
        [...available].map(toTrecMeasureName).sort().join(", ") || "none"
      }).`,
      { path: ["measures"] },
    );
  const onShared = (run: ReadonlyMap<string, Record<string, number>>): PerQueryValues =>
    new Map(shared.map((queryId) => [queryId, run.get(queryId) ?? {}]));
  const comparisons = compareRuns({
    baseline: onShared(perRun[0]!),
    runs: request.runs.map((id, index) => ({ name: id, values: onShared(perRun[index + 1]!) })),
    measures,
    test: request.test,
    permutations: request.permutations,
    ...(request.seed === undefined ? {} : { seed: request.seed }),
  });
  return {
    queries: shared.length,
    runs: comparisons.map((comparison) => ({
      name: comparison.name,
      measures: Object.fromEntries(
        measures.map((measure) => {
          const { baseline, mean, delta, ci95, p, pAdjusted, wins, losses, ties } =
            comparison.measures[measure]!;
          return [
            toTrecMeasureName(measure),
            { baseline, mean, delta, ci95, p, pAdjusted, wins, losses, ties },
          ];
        }),
      ),
    })),
  };
}
