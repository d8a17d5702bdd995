import { RetrievedCollector } from "@/lib/eval/trec/collect-retrieved";
import { evaluateQuery, type InputNames, type RetrievedDocuments } from "@/lib/eval/trec/evaluate-query";
import type { JudgmentIndex, QueryJudgments } from "@/lib/eval/trec/index-judgments";
import { QueryIdInterner } from "@/lib/eval/trec/intern-query-ids";
import { createRunLineFields, readRunLine } from "@/lib/eval/trec/read-run-line";
import { scanFileLines } from "@/lib/eval/trec/scan-file-lines";
import type { MeasureSelection } from "@/lib/eval/trec/select-measures";

/** What the passes over a run file share. Query ids are byte strings (encode-byte-string.ts). */
export type RunContext = {
  runPath: string;
  judgmentIndex: JudgmentIndex;
  selection: MeasureSelection;
  relevanceLevel: number;
  inputNames: InputNames;
};

/** What the first pass learns of each split query: its size, to size the second pass exactly. */
export type SplitQuery = { documents: number; docnoBytes: number };

/** Evaluates one query of the run (it must be in the qrels). */
export function evaluateRunQuery(
  context: RunContext,
  queryId: string,
  retrieved: RetrievedDocuments,
): Float64Array {
  return evaluateQuery({
    queryId,
    retrieved,
    judgments: context.judgmentIndex.queries.get(queryId)!,
    relevanceLevel: context.relevanceLevel,
    selection: context.selection,
    inputNames: context.inputNames,
  });
}

/**
 * First pass: evaluates each run block (maximal run of lines with one query id) of an evaluated
 * query when the block ends; reports the evaluated queries seen in more than one block, with
 * their total size.
 */
export async function evaluateGroupedRun(
  context: RunContext,
): Promise<{ results: Map<string, Float64Array>; splitQueries: Map<string, SplitQuery> }> {
  const results = new Map<string, Float64Array>();
  const queryIds = new QueryIdInterner();
  // By query number: its judgments (undefined: not evaluated), and its size so far.
  const judgmentsById: (QueryJudgments | undefined)[] = [];
  const documentsById: number[] = [];
  const docnoBytesById: number[] = [];
  const splitIds = new Set<number>();
  const collector = new RetrievedCollector({ capacity: 1024, byteCapacity: 1 << 16, trackLineNumbers: true });
  const fields = createRunLineFields();
  let currentId = -1;
  let collecting = false;

  const finishBlock = () => {
    if (currentId !== -1 && collector.count > 0) {
      const queryId = queryIds.byteStrings[currentId]!;
      results.set(
        queryId,
        evaluateRunQuery(context, queryId, collector.toRetrievedDocuments(judgmentsById[currentId]!)),
      );
    }
    collector.clear();
  };

  await scanFileLines(context.runPath, (buffer, start, end, lineNumber) => {
    if (!readRunLine(buffer, start, end, lineNumber, context.inputNames.run, fields)) return;
    const id = queryIds.intern(buffer, fields.queryStart, fields.queryEnd);
    if (id !== currentId) {
      finishBlock();
      if (id === judgmentsById.length) {
        judgmentsById.push(context.judgmentIndex.queries.get(queryIds.byteStrings[id]!));
        documentsById.push(0);
        docnoBytesById.push(0);
      } else if (judgmentsById[id]) {
        splitIds.add(id);
      }
      currentId = id;
      collecting = judgmentsById[id] !== undefined && !splitIds.has(id);
    }
    if (!judgmentsById[id]) return;
    documentsById[id]!++;
    docnoBytesById[id]! += fields.docnoEnd - fields.docnoStart;
    if (collecting) collector.add(buffer, fields.docnoStart, fields.docnoEnd, fields.score, lineNumber);
  });
  finishBlock();

  const splitQueries = new Map<string, SplitQuery>();
  for (const id of splitIds) {
    splitQueries.set(queryIds.byteStrings[id]!, {
      documents: documentsById[id]!,
      docnoBytes: docnoBytesById[id]!,
    });
  }
  return { results, splitQueries };
}
