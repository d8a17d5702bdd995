import type { Db } from "@/lib/db/client";
import { buildGoldenSetFile } from "@/lib/db/golden-set-exchange";
import { resolveCurrentLabelsByQueryId } from "@/lib/db/holes";
import { type JudgingQuery, type JudgingSet, loadPoolRuns } from "@/lib/db/judging-data";
import type { EvalLabel } from "@/lib/eval/label-metrics";
import { scoringModeSchema } from "@/lib/eval/run-report-schema";
import { holesPool, judgingPool, type PoolPair } from "@/lib/judging/judging-pool";
import type { JudgingSource } from "@/lib/judging/judging-source";
import { isModelAnnotator } from "@/lib/judging/model-annotator";
import { listHoles } from "@/lib/labeling/list-holes";

/**
 * The pairs a judging job judges: the pool of the chosen runs at `depth` (judgingPool), or the
 * holes of one run at `depth` — its top results that no person's label covers (model labels are
 * left out, so judging a hole does not make it stop being one, and a resumed job sees the same
 * pool). Only the set's queries are judged.
 */
export async function loadJudgingPool(
  prisma: Db,
  options: { set: JudgingSet; queries: readonly JudgingQuery[]; source: JudgingSource },
): Promise<PoolPair[]> {
  const { set, source } = options;
  const queryIds = options.queries.map((query) => query.id);
  const runIds = source.kind === "runs" ? [...new Set(source.runIds)] : [source.runId];
  const runs = await loadPoolRuns(prisma, { setId: set.id, runIds, depth: source.depth });
  if (source.kind === "runs") return judgingPool({ queryIds, runs, depth: source.depth });
  const labelsByQuery = await peoplesLabels(prisma, { set, queries: options.queries });
  const { holes } = listHoles({
    runs: runs.map((run) => ({
      id: run.runId,
      mode: run.documentLevel ? "document" : scoringModeSchema.catch("label").parse(run.mode),
      coverage: run.coverage,
      results: run.results,
    })),
    labelsByQuery,
    k: source.depth,
    relevantThreshold: set.relevantThreshold,
    queryOrder: queryIds,
  });
  return holesPool({ queryIds, holes });
}

/** People's labels of the set (no judge's), as they resolve against the current documents, by query id. */
async function peoplesLabels(
  prisma: Db,
  options: { set: JudgingSet; queries: readonly JudgingQuery[] },
): Promise<Map<string, EvalLabel[]>> {
  const exported = await buildGoldenSetFile(prisma, options.set.id);
  const file = {
    ...exported,
    queries: exported.queries.map((query) => ({
      ...query,
      labels: query.labels.filter((label) => !isModelAnnotator(label.annotator)),
    })),
  };
  return resolveCurrentLabelsByQueryId(prisma, {
    file,
    corpusId: options.set.corpusId,
    queries: options.queries,
  });
}
