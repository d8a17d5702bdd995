import { basename } from "node:path";
import { AppError } from "@/lib/errors";
import { RetrievedCollector } from "@/lib/eval/trec/collect-retrieved";
import { decodeByteString, fromByteString } from "@/lib/eval/trec/encode-byte-string";
import { evaluateQuery, type InputNames } from "@/lib/eval/trec/evaluate-query";
import type { JudgmentIndex } from "@/lib/eval/trec/index-judgments";
import { readRunLine, createRunLineFields } from "@/lib/eval/trec/read-run-line";
import { readTrecQrels } from "@/lib/eval/trec/read-trec-qrels";
import { scanFileLines } from "@/lib/eval/trec/scan-file-lines";
import { listMeasureNames, type MeasureSelection, selectMeasures } from "@/lib/eval/trec/select-measures";
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
 * its evaluated documents (≈ 12 bytes + docno each) at once.
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
  const context: RunContext = {
    runPath: options.runPath,
    judgmentIndex,
    selection,
    relevanceLevel: options.relevanceLevel ?? 1,
    inputNames: { run: basename(options.runPath), qrels: basename(options.qrelsPath) },
  };

  const { results, splitQueryIds } = await evaluateGroupedRun(context);
  if (splitQueryIds.size > 0) {
    for (const [queryId, values] of await evaluateSplitQueries(context, splitQueryIds)) results.set(queryId, values);
  }
  if (results.size === 0) throw new AppError("bad_request", "no query is in both the qrels and the run");

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
    splitQueries: splitQueryIds.size,
  };
}

type RunContext = {
  runPath: string;
  judgmentIndex: JudgmentIndex;
  selection: MeasureSelection;
  relevanceLevel: number;
  inputNames: InputNames;
};

function evaluateCollected(context: RunContext, queryId: string, collector: RetrievedCollector): Float64Array {
  const judgments = context.judgmentIndex.queries.get(queryId)!;
  return evaluateQuery({
    queryId,
    retrieved: collector.toRetrievedDocuments(judgments),
    judgments,
    relevanceLevel: context.relevanceLevel,
    selection: context.selection,
    inputNames: context.inputNames,
  });
}

/**
 * First pass: evaluates each run block (maximal run of lines with one query id) of an evaluated
 * query when the block ends; reports the evaluated queries seen in more than one block.
 */
async function evaluateGroupedRun(
  context: RunContext,
): Promise<{ results: Map<string, Float64Array>; splitQueryIds: Set<string> }> {
  const results = new Map<string, Float64Array>();
  const splitQueryIds = new Set<string>();
  const seenQueryIds = new Set<string>();
  const collector = new RetrievedCollector();
  const fields = createRunLineFields();
  const block = new QueryIdTracker();
  let collecting = false;

  const finishBlock = () => {
    if (collecting && collector.count > 0) results.set(block.queryId, evaluateCollected(context, block.queryId, collector));
    collector.clear();
  };

  await scanFileLines(context.runPath, (buffer, start, end, lineNumber) => {
    if (!readRunLine(buffer, start, end, lineNumber, context.inputNames.run, fields)) return;
    if (!block.matches(buffer, fields.queryStart, fields.queryEnd)) {
      finishBlock();
      const queryId = block.switchTo(buffer, fields.queryStart, fields.queryEnd);
      const evaluated = context.judgmentIndex.queries.has(queryId);
      if (seenQueryIds.has(queryId)) {
        if (evaluated) splitQueryIds.add(queryId);
        collecting = false;
      } else {
        seenQueryIds.add(queryId);
        collecting = evaluated;
      }
    }
    if (collecting) collector.add(buffer, fields.docnoStart, fields.docnoEnd, fields.score, lineNumber);
  });
  finishBlock();
  return { results, splitQueryIds };
}

/** Second pass: collects every line of the split queries, then evaluates them. */
async function evaluateSplitQueries(context: RunContext, splitQueryIds: Set<string>): Promise<Map<string, Float64Array>> {
  const collectors = new Map<string, RetrievedCollector>();
  for (const queryId of splitQueryIds) collectors.set(queryId, new RetrievedCollector(64));
  const fields = createRunLineFields();
  const block = new QueryIdTracker();
  let collector: RetrievedCollector | undefined;

  await scanFileLines(context.runPath, (buffer, start, end, lineNumber) => {
    if (!readRunLine(buffer, start, end, lineNumber, context.inputNames.run, fields)) return;
    if (!block.matches(buffer, fields.queryStart, fields.queryEnd)) {
      collector = collectors.get(block.switchTo(buffer, fields.queryStart, fields.queryEnd));
    }
    collector?.add(buffer, fields.docnoStart, fields.docnoEnd, fields.score, lineNumber);
  });

  const results = new Map<string, Float64Array>();
  for (const [queryId, queryCollector] of collectors) {
    results.set(queryId, evaluateCollected(context, queryId, queryCollector));
    collectors.delete(queryId); // free each query's documents once evaluated
  }
  return results;
}

/**
 * The query id of the current block, kept as bytes so that a line of the same query is
 * recognised without decoding its id.
 */
class QueryIdTracker {
  queryId = "";
  private bytes = Buffer.alloc(64);
  private length = -1;

  matches(buffer: Buffer, start: number, end: number): boolean {
    if (end - start !== this.length) return false;
    for (let i = 0; i < this.length; i++) if (buffer[start + i] !== this.bytes[i]) return false;
    return true;
  }

  /** Makes `buffer[start, end)` the current id; returns it as a byte string. */
  switchTo(buffer: Buffer, start: number, end: number): string {
    this.length = end - start;
    if (this.length > this.bytes.length) this.bytes = Buffer.alloc(this.length * 2);
    buffer.copy(this.bytes, 0, start, end);
    this.queryId = decodeByteString(buffer, start, end);
    return this.queryId;
  }
}
