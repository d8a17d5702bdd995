import { AppError } from "@/lib/errors";
import { fromByteString } from "@/lib/eval/trec/encode-byte-string";
import type { QueryJudgments } from "@/lib/eval/trec/index-judgments";
import { rankQuery } from "@/lib/eval/trec/rank-query";
import { scoreQuery } from "@/lib/eval/trec/score-query";
import type { MeasureSelection } from "@/lib/eval/trec/select-measures";

/**
 * One query's retrieved documents, indexed in input order:
 * - `scores`: float32 values; `relevance`: the judged grade (≥ 0), `NOT_JUDGED` or
 *   `JUDGED_NEGATIVE` (see score-query.ts);
 * - `compareDocnos(a, b)`: strcmp of the two docnos' UTF-8 bytes (< 0 when a's sorts first);
 * - `duplicateIndex`: the first document whose docno repeats an earlier one, or -1;
 * - `describe(i)`: its docno (byte string) and input line, for error messages.
 */
export type RetrievedDocuments = {
  count: number;
  scores: ArrayLike<number>;
  relevance: ArrayLike<number>;
  compareDocnos: (a: number, b: number) => number;
  duplicateIndex: number;
  describe: (index: number) => { docno: string; lineNumber?: number };
};

/** Names the inputs in error messages: file names, or "run"/"qrels" for in-memory input. */
export type InputNames = { run: string; qrels: string };

/**
 * Evaluates one query that is in both the qrels and the run: rejects a docno retrieved or judged
 * twice (fatal in trec_eval too), ranks as trec_eval does and scores every selected measure.
 * `queryId` is a byte string. Returns values in `listMeasureNames(selection)` order.
 */
export function evaluateQuery(options: {
  queryId: string;
  retrieved: RetrievedDocuments;
  judgments: QueryJudgments;
  relevanceLevel: number;
  selection: MeasureSelection;
  inputNames: InputNames;
}): Float64Array {
  const { queryId, retrieved, judgments, inputNames } = options;
  if (judgments.duplicate) {
    const { docno, lineNumber } = judgments.duplicate;
    throw duplicateError(inputNames.qrels, lineNumber, docno, queryId);
  }
  if (retrieved.duplicateIndex !== -1) {
    const { docno, lineNumber } = retrieved.describe(retrieved.duplicateIndex);
    throw duplicateError(inputNames.run, lineNumber, docno, queryId);
  }

  const order = rankQuery(retrieved);
  const relevance = new Int32Array(retrieved.count);
  for (let rank = 0; rank < retrieved.count; rank++) relevance[rank] = retrieved.relevance[order[rank]!]!;
  return scoreQuery({
    relevance,
    numRet: retrieved.count,
    judgedGrades: judgments.gradeList,
    relevanceLevel: options.relevanceLevel,
    selection: options.selection,
  });
}

function duplicateError(
  input: string,
  lineNumber: number | undefined,
  docno: string,
  queryId: string,
): AppError {
  const where = lineNumber === undefined ? input : `${input} line ${lineNumber}`;
  return new AppError(
    "bad_request",
    `${where}: duplicate docno "${fromByteString(docno)}" for query ${fromByteString(queryId)}`,
    lineNumber === undefined ? undefined : { line: lineNumber },
  );
}
