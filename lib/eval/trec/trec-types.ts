/** One qrels judgment: `grade` is trec_eval's integer relevance (≥ 1 is relevant by default). */
export type QrelEntry = { queryId: string; docId: string; grade: number };

/** One retrieved document of a run. The rank column of a run file plays no part: trec_eval re-sorts. */
export type RunEntry = { queryId: string; docId: string; score: number };

export type TrecEvalOptions = {
  /** trec_eval `-c`: average over every query of the qrels; those missing from the run score 0. */
  averageOverAllQrels?: boolean;
  /** trec_eval `-l`: the lowest grade that counts as relevant for the binary measures (default 1). */
  relevanceLevel?: number;
  /**
   * trec_eval names (`map`, `P_5`, `ndcg_cut_10`) or `-m` forms (`P.5,10`, `all_trec`, `official`).
   * Default: `DEFAULT_MEASURES` of `select-measures.ts`.
   */
  measures?: string[];
};

/**
 * `perQuery` holds the queries trec_eval prints with `-q` (those in both the qrels and the run),
 * without `num_q`; `summary` holds the `all` lines: `num_*` are sums, the rest means.
 */
export type TrecEvalResult = {
  perQuery: Map<string, Record<string, number>>;
  summary: Record<string, number>;
};
