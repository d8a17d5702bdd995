import { AppError } from "@/lib/errors";
import { COUNT_MEASURES, listMeasureNames, selectMeasures } from "@/lib/eval/trec/select-measures";

/**
 * What `goldenset compare` shows without `-m`: the quality of the top ten (nDCG@10), of the first
 * relevant hit (MRR), of what a reranker or an LLM gets to see (recall@100), and the whole ranking
 * (MAP).
 */
const DEFAULT_COMPARED_MEASURES: readonly string[] = ["ndcg_cut.10", "recip_rank", "recall.100", "map"];

/**
 * The measures a comparison shows, as trec_eval prints their names (`ndcg_cut_10`), in the order
 * they were asked for. Each request is one of trec_eval's `-m` spellings (`ndcg_cut.10`,
 * `P.5,10`, `recall`, `map`, `official`, or an output name like `P_5`) and is expanded on its own,
 * so `-m P.5 -m P.10` means both (trec_eval would keep only the first cutoff list). Duplicates are
 * dropped. Counts (num_q, num_ret, num_rel, num_rel_ret) measure no quality: nicknames lose them,
 * and a request of nothing else is an error. No request means `DEFAULT_COMPARED_MEASURES`.
 */
export function listComparedMeasures(requests: readonly string[]): string[] {
  const names = new Set<string>();
  for (const request of requests.length > 0 ? requests : DEFAULT_COMPARED_MEASURES) {
    const expanded = listMeasureNames(selectMeasures([request])).filter((name) => !COUNT_MEASURES.has(name));
    if (expanded.length === 0) {
      throw new AppError(
        "bad_request",
        `measure "${request}" is a count, not a measure to compare (try map, recip_rank, P.10, recall.100 or ndcg_cut.10)`,
      );
    }
    for (const name of expanded) names.add(name);
  }
  return [...names];
}
