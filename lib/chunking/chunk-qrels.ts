import { type ChunkingOptions, chunkDocument } from "@/lib/chunking/chunk-document";
import { chunkSatisfiesLabel } from "@/lib/eval/label-metrics";
import { chunkDocId, type TrecQrelEntry } from "@/lib/exchange/trec-format";

/** A label as counted (its grade under the judgment policy), its span in the current text or null. */
export type ChunkQrelLabel = { docId: string; grade: number; span: { start: number; end: number } | null };

/**
 * Chunk-level qrels for a chunking (docs/domain.md, "Evaluation"): each document a label names is
 * cut with `chunking`; a chunk is judged for a query when one of its labels is satisfied by it
 * under the coverage rule of label mode (`chunkSatisfiesLabel`: a quote by overlap ≥ θ, a document
 * label by every chunk of its document), with the highest such grade. Docids are `docid#start-end`.
 * Sorted by query key, then docid.
 */
export function chunkQrels(options: {
  queries: { key: string; labels: ChunkQrelLabel[] }[];
  texts: ReadonlyMap<string, string>;
  chunking: ChunkingOptions;
  coverage: number;
}): TrecQrelEntry[] {
  const chunksOf = new Map<string, { documentId: string; start: number; end: number }[]>();
  const chunks = (docId: string) => {
    let known = chunksOf.get(docId);
    if (!known) {
      const text = options.texts.get(docId) ?? "";
      known = chunkDocument({ text, chunking: options.chunking }).map((span) => ({
        documentId: docId,
        ...span,
      }));
      chunksOf.set(docId, known);
    }
    return known;
  };
  const entries: TrecQrelEntry[] = [];
  for (const query of options.queries) {
    const best = new Map<string, number>();
    for (const label of query.labels) {
      const evalLabel = { id: "", documentId: label.docId, grade: label.grade, span: label.span };
      for (const chunk of chunks(label.docId)) {
        if (!chunkSatisfiesLabel({ chunk, label: evalLabel, coverage: options.coverage })) continue;
        const docId = chunkDocId(chunk);
        const known = best.get(docId);
        if (known === undefined || label.grade > known) best.set(docId, label.grade);
      }
    }
    for (const [docId, grade] of best) entries.push({ queryId: query.key, docId, grade });
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return entries.sort((a, b) => order(a.queryId, b.queryId) || order(a.docId, b.docId));
}
