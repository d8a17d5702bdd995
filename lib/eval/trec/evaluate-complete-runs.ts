import { basename } from "node:path";
import { fromByteString } from "@/lib/eval/trec/encode-byte-string";
import { evaluateRunFile } from "@/lib/eval/trec/evaluate-trec-files";
import { readTrecQrels } from "@/lib/eval/trec/read-trec-qrels";
import { listMeasureNames, selectMeasures } from "@/lib/eval/trec/select-measures";

/** One run's values: query id → measure name (as trec_eval prints it) → value. */
export type CompleteRunValues = Map<string, Record<string, number>>;

/**
 * Per-query values of several run files against one qrels file, as `trec_eval -q -c` computes
 * them (the same code as `goldenset eval-trec`): every query of the qrels is evaluated for every
 * run, and a query a run lacks scores 0 on every measure. `queryIds` are the qrels' queries in
 * trec_eval's order (byte order of the ids, as UTF-8 text); each run's map holds all of them in
 * that order, so a mean over it is the `all` value `eval-trec -c` prints, to the last bit.
 * The qrels are read once. `measures` are `-m` forms or output names (`ndcg_cut_10`); values are
 * keyed by output name. A run that shares no query with the qrels is an error, as in trec_eval.
 */
export async function evaluateCompleteRuns(options: {
  qrelsPath: string;
  runPaths: readonly string[];
  measures: readonly string[];
}): Promise<{ names: string[]; queryIds: string[]; runs: CompleteRunValues[] }> {
  const selection = selectMeasures(options.measures);
  const names = listMeasureNames(selection);
  const judgmentIndex = await readTrecQrels(options.qrelsPath);
  const byteQueryIds = [...judgmentIndex.queries.keys()].sort();
  const queryIds = byteQueryIds.map(fromByteString);
  const zeros = Object.fromEntries(names.map((name) => [name, 0]));

  const runs: CompleteRunValues[] = [];
  for (const runPath of options.runPaths) {
    const { values } = await evaluateRunFile({
      runPath,
      judgmentIndex,
      selection,
      relevanceLevel: 1,
      inputNames: { run: basename(runPath), qrels: basename(options.qrelsPath) },
    });
    const complete: CompleteRunValues = new Map();
    byteQueryIds.forEach((byteQueryId, index) => {
      const queryValues = values.get(byteQueryId);
      complete.set(
        queryIds[index]!,
        queryValues ? Object.fromEntries(names.map((name, j) => [name, queryValues[j]!])) : { ...zeros },
      );
    });
    runs.push(complete);
  }
  return { names, queryIds, runs };
}
