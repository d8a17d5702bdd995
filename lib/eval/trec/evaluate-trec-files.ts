import { basename } from "node:path";
import { AppError } from "@/lib/errors";
import { fromByteString } from "@/lib/eval/trec/encode-byte-string";
import { evaluateGroupedRun, type RunContext } from "@/lib/eval/trec/evaluate-grouped-run";
import { evaluateSplitQueries } from "@/lib/eval/trec/evaluate-split-queries";
import { readTrecQrels } from "@/lib/eval/trec/read-trec-qrels";
import { listMeasureNames, selectMeasures } from "@/lib/eval/trec/select-measures";
import { summarizeQueries } from "@/lib/eval/trec/summarize-queries";

/**
 * The evaluation of a qrels file and a run file. `queries` are the evaluated queries in byte
 * order (trec_eval's `-q` order) with UTF-8 ids; values follow `names`. `splitQueries` counts the
 * evaluated queries whose lines were not contiguous in the run (they needed a second read).
 */
export type TrecFileEvaluation = {
  names: string[];
  queries: { queryId: string; values: Float64Array }[];
  summary: Float64Array;
  splitQueries: number;
};

/**
 * trec_eval 9.0.7 on files, streaming the run. A run grouped by query (any query order) is read
 * once, holding one query at a time: each is evaluated when its last line has gone by. If lines of
 * an evaluated query come back later (an ungrouped run), that query is re-read in a second pass
 * that keeps only the split queries' documents, compactly; a fully shuffled run thus holds all of
 * its evaluated documents at once (≈ 8 bytes + the docno each, plus the run's other data).
 * `measures` are `-m` arguments (see select-measures.ts; none means trec_eval's `official`).
 */
export async function evaluateTrecFiles(options: {
  qrelsPath: string;
  runPath: string;
  averageOverAllQrels?: boolean;
  relevanceLevel?: number;
  measures?: string[];
}): Promise<TrecFileEvaluation> {
  const selection = selectMeasures(options.measures ?? []);
  const names = listMeasureNames(selection);
  const judgmentIndex = await readTrecQrels(options.qrelsPath);
  const { values: results, splitQueries } = await evaluateRunFile({
    runPath: options.runPath,
    judgmentIndex,
    selection,
    relevanceLevel: options.relevanceLevel ?? 1,
    inputNames: { run: basename(options.runPath), qrels: basename(options.qrelsPath) },
  });

  const queryIds = [...results.keys()].sort();
  const perQuery = queryIds.map((queryId) => results.get(queryId)!);
  const summary = summarizeQueries({
    perQuery,
    names,
    averageOverAllQrels: options.averageOverAllQrels ?? false,
    qrelsQueryCount: judgmentIndex.queries.size,
    qrelsPositiveGradeCount: judgmentIndex.positiveGradeCount,
  });
  return {
    names,
    queries: queryIds.map((queryId, i) => ({ queryId: fromByteString(queryId), values: perQuery[i]! })),
    summary,
    splitQueries,
  };
}

/**
 * One run file against qrels already read: each evaluated query's values (keyed by byte-string
 * query id, in `listMeasureNames(context.selection)` order) and how many queries were split.
 * Throws when no query is in both, as trec_eval does.
 */
export async function evaluateRunFile(
  context: RunContext,
): Promise<{ values: Map<string, Float64Array>; splitQueries: number }> {
  const { results, splitQueries } = await evaluateGroupedRun(context);
  if (splitQueries.size > 0) {
    for (const [queryId, values] of await evaluateSplitQueries(context, splitQueries))
      results.set(queryId, values);
  }
  if (results.size === 0) {
    throw new AppError(
      "bad_request",
      `no query is in both ${context.inputNames.qrels} and ${context.inputNames.run}`,
    );
  }
  return { values: results, splitQueries: splitQueries.size };
}
