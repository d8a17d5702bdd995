import { RetrievedCollector } from "@/lib/eval/trec/collect-retrieved";
import { decodeByteString } from "@/lib/eval/trec/encode-byte-string";
import { evaluateRunQuery, type RunContext, type SplitQuery } from "@/lib/eval/trec/evaluate-grouped-run";
import { QueryIdInterner } from "@/lib/eval/trec/intern-query-ids";
import { createRunLineFields, readRunLine } from "@/lib/eval/trec/read-run-line";
import { scanFileLines } from "@/lib/eval/trec/scan-file-lines";

/**
 * Second pass: collects every line of the split queries (into collectors of their exact size,
 * without line numbers), then evaluates them. A duplicate docno is located by a third read.
 */
export async function evaluateSplitQueries(
  context: RunContext,
  splitQueries: Map<string, SplitQuery>,
): Promise<Map<string, Float64Array>> {
  const queryIds = new QueryIdInterner();
  const collectorsById: (RetrievedCollector | undefined)[] = [];
  const fields = createRunLineFields();

  await scanFileLines(context.runPath, (buffer, start, end, lineNumber) => {
    if (!readRunLine(buffer, start, end, lineNumber, context.inputNames.run, fields)) return;
    const id = queryIds.intern(buffer, fields.queryStart, fields.queryEnd);
    if (id === collectorsById.length) {
      const size = splitQueries.get(queryIds.byteStrings[id]!);
      collectorsById.push(
        size &&
          new RetrievedCollector({
            capacity: size.documents,
            byteCapacity: size.docnoBytes,
            trackLineNumbers: false,
          }),
      );
    }
    collectorsById[id]?.add(buffer, fields.docnoStart, fields.docnoEnd, fields.score, lineNumber);
  });

  const results = new Map<string, Float64Array>();
  for (const [id, collector] of collectorsById.entries()) {
    if (!collector) continue;
    const queryId = queryIds.byteStrings[id]!;
    const retrieved = collector.toRetrievedDocuments(context.judgmentIndex.queries.get(queryId)!);
    if (retrieved.duplicateIndex !== -1) {
      const { docno } = retrieved.describe(retrieved.duplicateIndex);
      const lineNumber = await findSecondOccurrence(context, queryId, docno);
      retrieved.describe = () => ({ docno, lineNumber });
    }
    results.set(queryId, evaluateRunQuery(context, queryId, retrieved));
    collectorsById[id] = undefined; // free each query's documents once evaluated
  }
  return results;
}

/** The line of the second (duplicate) occurrence of `docno` for `queryId` (byte strings). */
async function findSecondOccurrence(
  context: RunContext,
  queryId: string,
  docno: string,
): Promise<number | undefined> {
  const fields = createRunLineFields();
  let occurrences = 0;
  let found: number | undefined;
  await scanFileLines(context.runPath, (buffer, start, end, lineNumber) => {
    if (found !== undefined || !readRunLine(buffer, start, end, lineNumber, context.inputNames.run, fields))
      return;
    const sameQuery = decodeByteString(buffer, fields.queryStart, fields.queryEnd) === queryId;
    if (
      sameQuery &&
      decodeByteString(buffer, fields.docnoStart, fields.docnoEnd) === docno &&
      ++occurrences === 2
    ) {
      found = lineNumber;
    }
  });
  return found;
}
