/**
 * trec_eval's `all` values from the per-query values (each in `names` order). `perQuery` must be
 * in query id byte order: trec_eval adds the queries up in that order, and float sums depend on it.
 * Counts (`num_*`) are sums, the rest means over the evaluated queries, or with `-c`
 * (`averageOverAllQrels`) over every qrels query, the missing ones adding 0. Under `-c`, `num_q`
 * is the number of qrels queries and `num_rel` counts every qrels grade > 0 (trec_eval 9.0.7's
 * m_num_rel.c; it ignores `-l` there), while `num_ret` and `num_rel_ret` stay sums over the run.
 */
export function summarizeQueries(options: {
  perQuery: readonly Float64Array[];
  names: readonly string[];
  averageOverAllQrels: boolean;
  qrelsQueryCount: number;
  qrelsPositiveGradeCount: number;
}): Float64Array {
  const { perQuery, names, averageOverAllQrels } = options;
  const queryCount = averageOverAllQrels ? options.qrelsQueryCount : perQuery.length;
  const summary = new Float64Array(names.length);
  for (const values of perQuery) {
    for (let j = 0; j < names.length; j++) summary[j]! += values[j]!;
  }
  names.forEach((name, j) => {
    if (name === "num_q") summary[j] = queryCount;
    else if (name === "num_rel" && averageOverAllQrels) summary[j] = options.qrelsPositiveGradeCount;
    else if (name !== "num_ret" && name !== "num_rel" && name !== "num_rel_ret" && queryCount > 0) {
      summary[j]! /= queryCount;
    }
  });
  return summary;
}
