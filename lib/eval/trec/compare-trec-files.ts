import { basename } from "node:path";
import { type CompareRunsOptions, compareRuns, type RunComparison } from "@/lib/eval/compare-runs";
import { restrictToSplit } from "@/lib/eval/restrict-to-split";
import { evaluateCompleteRuns } from "@/lib/eval/trec/evaluate-complete-runs";
import { listComparedMeasures } from "@/lib/eval/trec/list-compared-measures";

export type TrecFileComparison = {
  /** Queries every number stands on: every query of the qrels (`trec_eval -c`), or of its split. */
  queries: number;
  /** The compared measures as trec_eval prints them, in the order asked for. */
  measures: string[];
  baselineName: string;
  /** One per run file, in the order given; `name` as `nameRunFiles` gives it. */
  runs: RunComparison[];
};

/**
 * Compares TREC run files with a baseline run file on one qrels file, with the comparison page's
 * code (`compareRuns`: means, delta and its bootstrap CI, the paired test, Holm over every run
 * and measure, wins/losses/ties) on per-query values exactly as `eval-trec -q -c` computes them.
 * `measures` are `-m` requests (see list-compared-measures.ts; none means its defaults).
 */
export async function compareTrecFiles(
  options: {
    qrelsPath: string;
    baselinePath: string;
    runPaths: readonly string[];
    measures: readonly string[];
    /** Only the queries on this side of a set's split (`splitOf`: qid → dev, holdout or none). */
    split?: { split: "dev" | "holdout"; splitOf: (queryId: string) => string | null | undefined };
  } & Pick<CompareRunsOptions, "test" | "permutations" | "seed" | "alpha">,
): Promise<TrecFileComparison> {
  const measures = listComparedMeasures(options.measures);
  const evaluated = await evaluateCompleteRuns({
    qrelsPath: options.qrelsPath,
    runPaths: [options.baselinePath, ...options.runPaths],
    measures,
  });
  const runs = restrictToSplit({
    runs: evaluated.runs,
    splitOf: options.split?.splitOf ?? (() => undefined),
    split: options.split?.split,
    path: ["--split"],
  });
  const [baselineName, ...runNames] = nameRunFiles([options.baselinePath, ...options.runPaths]);
  const comparisons = compareRuns({
    baseline: runs[0]!,
    runs: runs.slice(1).map((values, index) => ({ name: runNames[index]!, values })),
    measures,
    test: options.test,
    permutations: options.permutations,
    seed: options.seed,
    alpha: options.alpha,
  });
  const queries = options.split ? (runs[0]?.size ?? 0) : evaluated.queryIds.length;
  return { queries, measures, baselineName: baselineName!, runs: comparisons };
}

/**
 * A run's name in reports is its file name (`runs/hybrid.txt` → `hybrid.txt`), which the person
 * chose and which tells runs apart even when their run tags are all the same; when two of the
 * files share a file name, every run is named by its path as given instead.
 */
export function nameRunFiles(paths: readonly string[]): string[] {
  const fileNames = paths.map((path) => basename(path));
  return new Set(fileNames).size === fileNames.length ? fileNames : [...paths];
}
