import { formatRun } from "@/lib/exchange/trec-format";

/** One stored result of a run: its query's key, its document's external id, its 1-based rank. */
export type RunResultRow = { queryKey: string; docId: string; rank: number };

/**
 * A run as a document-level TREC run file (`qid Q0 docid rank score tag`), as the app's document
 * mode scores it (docs/domain.md, "Evaluation"): per query, results in rank order, each document
 * once at the rank of its first (best-ranked) chunk, ranks 1, 2, 3 … without gaps. The score is
 * derived from that rank (n − rank + 1 for n documents): distinct whole numbers, exact as
 * trec_eval's 32-bit floats, so trec_eval — which orders by score, not by the rank column — sees
 * exactly the app's order (retriever scores may tie or be absent, as for reranked or uploaded
 * runs). Queries in order of first appearance; `tag` must be free of whitespace (it is made so).
 */
export function runToTrec(options: { results: readonly RunResultRow[]; tag: string }): string {
  const byQuery = groupByQueryKey(options.results);
  const entries: { queryId: string; docId: string; score: number }[] = [];
  for (const [queryId, rows] of byQuery) {
    const documents = firstRankPerDocument(rows, (row) => row.docId).map((row) => row.docId);
    documents.forEach((docId, index) => {
      entries.push({ queryId, docId, score: documents.length - index });
    });
  }
  return formatRun(entries, trecTag(options.tag));
}

/**
 * One query's results in rank order, each document once at its first (best-ranked) result: the
 * document-level reading of a chunked ranking (runToTrec, the judging pool).
 */
export function firstRankPerDocument<Row extends { rank: number }>(
  rows: readonly Row[],
  documentOf: (row: Row) => string,
): Row[] {
  const seen = new Set<string>();
  return [...rows]
    .sort((a, b) => a.rank - b.rank)
    .filter((row) => {
      const document = documentOf(row);
      if (seen.has(document)) return false;
      seen.add(document);
      return true;
    });
}

/** A run tag trec_eval reads: whitespace replaced by "_", "run" when empty. */
export function trecTag(name: string): string {
  const tag = name.trim().replace(/\s+/g, "_");
  return tag === "" ? "run" : tag;
}

/** Rows by their query key, each query's rows in the order given. */
export function groupByQueryKey<Row extends { queryKey: string }>(rows: readonly Row[]): Map<string, Row[]> {
  const byQuery = new Map<string, Row[]>();
  for (const row of rows) {
    const list = byQuery.get(row.queryKey);
    if (list) list.push(row);
    else byQuery.set(row.queryKey, [row]);
  }
  return byQuery;
}
