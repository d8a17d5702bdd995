import { judgedAtK } from "@/lib/eval/judged-at-k";
import type { QueryMetrics, RankedChunk } from "@/lib/eval/label-metrics";
import { computeRankMeasures } from "@/lib/eval/rank-measures";
import { validateKs } from "@/lib/eval/validate-eval-options";

/** A document-level judgment, as in a qrels file: the document and its integer grade. */
export type DocumentLabel = { documentId: string; grade: number };

/**
 * Turns a chunk ranking into a document ranking (docs/domain.md, "Evaluation": document-level
 * mode): each document appears once, at the position of its first (best-ranked) chunk; later
 * chunks of the same document are dropped. `rank` is the 1-based position in the document
 * ranking, so the ranks run 1, 2, 3 … without gaps — the document list is what the measures see.
 */
export function rankDocuments(ranking: RankedChunk[]): { documentId: string; rank: number }[] {
  const seen = new Set<string>();
  const documents: { documentId: string; rank: number }[] = [];
  for (const chunk of ranking) {
    if (seen.has(chunk.documentId)) continue;
    seen.add(chunk.documentId);
    documents.push({ documentId: chunk.documentId, rank: documents.length + 1 });
  }
  return documents;
}

/**
 * Scores one query in document-level mode: the chunk ranking becomes a document ranking
 * (`rankDocuments`) scored against qrels-style document labels with the same measures as the
 * label-based mode (`computeRankMeasures`): grade ≥ `relevantThreshold` is relevant, nDCG gains
 * use every grade > 0. A document judged twice keeps its highest grade. Returns null when no
 * label is relevant (the query is excluded from the means); `splitLabelIds` is always empty.
 * judged@k counts the documents of the document ranking that any label, grade 0 included, names.
 */
export function evaluateDocumentQuery(options: {
  labels: DocumentLabel[];
  ranking: RankedChunk[];
  ks: number[];
  relevantThreshold: number;
}): QueryMetrics | null {
  const { labels, ranking, ks, relevantThreshold } = options;
  validateKs(ks);
  const gradeByDocument = new Map<string, number>();
  for (const label of labels) {
    const known = gradeByDocument.get(label.documentId);
    if (known === undefined || label.grade > known) gradeByDocument.set(label.documentId, label.grade);
  }
  const scored = [...gradeByDocument].filter(([, grade]) => grade >= relevantThreshold || grade > 0);
  const relevantCount = scored.filter(([, grade]) => grade >= relevantThreshold).length;
  if (relevantCount === 0) return null;

  const labelIndex = new Map(scored.map(([documentId], index) => [documentId, index]));
  const documents = rankDocuments(ranking);
  const satisfiedByRank = documents.map((document) => {
    const index = labelIndex.get(document.documentId);
    return index === undefined ? [] : [index];
  });
  const measures = computeRankMeasures({
    satisfiedByRank,
    grades: scored.map(([, grade]) => grade),
    relevantThreshold,
    ks,
  });
  const judgedByRank = documents.map((document) => gradeByDocument.has(document.documentId));
  // a document is retrieved or not: partial credit equals recall in this mode
  return {
    ...measures,
    partialRecall: { ...measures.recall },
    relevantCount,
    splitLabelIds: [],
    judged: judgedAtK({ judgedByRank, ks }),
  };
}
