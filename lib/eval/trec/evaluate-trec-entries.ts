import { AppError } from "@/lib/errors";
import { fromByteString, toByteString } from "@/lib/eval/trec/encode-byte-string";
import { evaluateQuery, type RetrievedDocuments } from "@/lib/eval/trec/evaluate-query";
import { addJudgment, createJudgmentIndex, type QueryJudgments } from "@/lib/eval/trec/index-judgments";
import { JUDGED_NEGATIVE, NOT_JUDGED } from "@/lib/eval/trec/score-query";
import { DEFAULT_MEASURES, listMeasureNames, selectMeasures } from "@/lib/eval/trec/select-measures";
import { summarizeQueries } from "@/lib/eval/trec/summarize-queries";
import type { QrelEntry, RunEntry, TrecEvalOptions, TrecEvalResult } from "@/lib/eval/trec/trec-types";

/**
 * trec_eval 9.0.7 on in-memory qrels and run (`trec_eval -q`, see trec-types.ts for the options
 * and the result). Scores are rounded to 32-bit floats as trec_eval reads them; ids are compared
 * as UTF-8 bytes. Evaluated queries are those in both inputs; a docno twice in one of them, a
 * non-integer grade, a NaN score or no evaluated query at all is an AppError.
 */
export function evaluateTrecEntries(
  options: { qrels: QrelEntry[]; run: RunEntry[] } & TrecEvalOptions,
): TrecEvalResult {
  const selection = selectMeasures(options.measures ?? DEFAULT_MEASURES);
  const names = listMeasureNames(selection);
  const relevanceLevel = options.relevanceLevel ?? 1;
  if (!Number.isSafeInteger(relevanceLevel)) {
    throw new AppError("bad_request", `relevanceLevel must be an integer, got ${relevanceLevel}`);
  }

  const index = createJudgmentIndex();
  for (const entry of options.qrels) {
    if (!Number.isSafeInteger(entry.grade)) {
      throw new AppError(
        "bad_request",
        `qrels: grade ${entry.grade} of query ${entry.queryId} is not an integer`,
      );
    }
    addJudgment(index, {
      queryId: toByteString(entry.queryId),
      docno: toByteString(entry.docId),
      grade: entry.grade,
    });
  }

  const runByQuery = new Map<string, { scores: number[]; docnos: string[] }>();
  for (const entry of options.run) {
    if (Number.isNaN(entry.score)) {
      throw new AppError(
        "bad_request",
        `run: score of "${entry.docId}" for query ${entry.queryId} is not a number`,
      );
    }
    const queryId = toByteString(entry.queryId);
    if (!index.queries.has(queryId)) continue;
    let retrieved = runByQuery.get(queryId);
    if (!retrieved) {
      retrieved = { scores: [], docnos: [] };
      runByQuery.set(queryId, retrieved);
    }
    retrieved.scores.push(Math.fround(entry.score));
    retrieved.docnos.push(toByteString(entry.docId));
  }
  if (runByQuery.size === 0) throw new AppError("bad_request", "no query is in both the qrels and the run");

  const queryIds = [...runByQuery.keys()].sort();
  const values = queryIds.map((queryId) => {
    const judgments = index.queries.get(queryId)!;
    return evaluateQuery({
      queryId,
      retrieved: describeRetrieved(runByQuery.get(queryId)!, judgments),
      judgments,
      relevanceLevel,
      selection,
      inputNames: { run: "run", qrels: "qrels" },
    });
  });

  const summary = summarizeQueries({
    perQuery: values,
    names,
    averageOverAllQrels: options.averageOverAllQrels ?? false,
    qrelsQueryCount: index.queries.size,
    qrelsPositiveGradeCount: index.positiveGradeCount,
  });
  const perQuery = new Map<string, Record<string, number>>();
  queryIds.forEach((queryId, i) => {
    perQuery.set(fromByteString(queryId), toRecord(names, values[i]!, { skip: "num_q" }));
  });
  return { perQuery, summary: toRecord(names, summary) };
}

/** Retrieved documents held as byte strings, in the form `evaluateQuery` takes. */
function describeRetrieved(
  retrieved: { scores: number[]; docnos: string[] },
  judgments: QueryJudgments,
): RetrievedDocuments {
  const { scores, docnos } = retrieved;
  const seen = new Set<string>();
  let duplicateIndex = -1;
  docnos.forEach((docno, i) => {
    if (seen.has(docno) && duplicateIndex === -1) duplicateIndex = i;
    seen.add(docno);
  });
  return {
    count: docnos.length,
    scores,
    relevance: docnos.map((docno) => {
      const grade = judgments.grades.get(docno);
      return grade === undefined ? NOT_JUDGED : grade >= 0 ? grade : JUDGED_NEGATIVE;
    }),
    compareDocnos: (a, b) => (docnos[a]! < docnos[b]! ? -1 : docnos[a]! > docnos[b]! ? 1 : 0),
    duplicateIndex,
    describe: (index) => ({ docno: docnos[index]! }),
  };
}

function toRecord(
  names: readonly string[],
  values: Float64Array,
  options?: { skip: string },
): Record<string, number> {
  const record: Record<string, number> = {};
  names.forEach((name, j) => {
    if (name !== options?.skip) record[name] = values[j]!;
  });
  return record;
}
