/**
 * One query's qrels. Docnos are byte strings (see encode-byte-string.ts). `gradeList` keeps every
 * judgment's grade, duplicates included; `duplicate` remembers the first docno judged twice, which
 * is an error only if the query gets evaluated (as in trec_eval, which checks evaluated queries).
 */
export type QueryJudgments = {
  grades: Map<string, number>;
  gradeList: number[];
  duplicate: { docno: string; lineNumber: number | undefined } | undefined;
};

/**
 * All qrels by query id (byte string). `positiveGradeCount` counts judgments with grade > 0 over
 * every query: trec_eval 9.0.7 reports it as `num_rel` of `all` under `-c`, whatever `-l` says.
 */
export type JudgmentIndex = { queries: Map<string, QueryJudgments>; positiveGradeCount: number };

export function createJudgmentIndex(): JudgmentIndex {
  return { queries: new Map(), positiveGradeCount: 0 };
}

export function addJudgment(
  index: JudgmentIndex,
  judgment: { queryId: string; docno: string; grade: number; lineNumber?: number },
): void {
  let query = index.queries.get(judgment.queryId);
  if (!query) {
    query = { grades: new Map(), gradeList: [], duplicate: undefined };
    index.queries.set(judgment.queryId, query);
  }
  if (query.grades.has(judgment.docno)) {
    query.duplicate ??= { docno: judgment.docno, lineNumber: judgment.lineNumber };
  } else {
    query.grades.set(judgment.docno, judgment.grade);
  }
  query.gradeList.push(judgment.grade);
  if (judgment.grade > 0) index.positiveGradeCount++;
}
