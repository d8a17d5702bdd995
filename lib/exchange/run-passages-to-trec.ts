import { groupByQueryKey, trecTag } from "@/lib/exchange/run-to-trec";
import { chunkDocId, formatRun } from "@/lib/exchange/trec-format";

/** One stored result of a run: its query's key, its passage (UTF-16 offsets into the document text, end exclusive), its 1-based rank. */
export type RunPassageRow = { queryKey: string; docId: string; start: number; end: number; rank: number };

/**
 * A run as a passage-level TREC run file, `qid Q0 docid#start-end rank score tag`: every result
 * at its rank, its passage as start/end offsets into the document's text (UTF-16 code units, end
 * exclusive) — the chunk ids the run importer reads (lib/retrieval/imported/parse-run-line.ts), so
 * the file imports back as the same passages. As in runToTrec, the score is derived from the rank
 * (n − rank + 1 for a query's n results): distinct whole numbers, so trec_eval and the importer,
 * which order by score, see exactly the run's order. A passage a query's results repeat (a system
 * returning one span twice) is written once, at its first rank: a TREC run may not list a docno
 * twice. Queries in order of first appearance.
 */
export function runPassagesToTrec(options: { results: readonly RunPassageRow[]; tag: string }): string {
  const byQuery = groupByQueryKey(options.results);
  const entries: { queryId: string; docId: string; score: number }[] = [];
  for (const [queryId, rows] of byQuery) {
    const seen = new Set<string>();
    const passages: string[] = [];
    for (const row of [...rows].sort((a, b) => a.rank - b.rank)) {
      const docno = chunkDocId({ documentId: row.docId, start: row.start, end: row.end });
      if (seen.has(docno)) continue;
      seen.add(docno);
      passages.push(docno);
    }
    passages.forEach((docId, index) => {
      entries.push({ queryId, docId, score: passages.length - index });
    });
  }
  return formatRun(entries, trecTag(options.tag));
}
