import { describe, expect, it } from "vitest";
import { evaluateDocumentQuery, rankDocuments } from "@/lib/eval/document-metrics";
import {
  type EvalLabel,
  evaluateQuery,
  meanQueryMetrics,
  type QueryMetrics,
  type RankedChunk,
} from "@/lib/eval/label-metrics";
import { createSeededRandom, randomIndex } from "@/lib/eval/statistics/seeded-random";
import { evaluateTrecEntries } from "@/lib/eval/trec/evaluate-trec-entries";
import { chunkDocId, formatQrels, formatRun } from "@/lib/exchange/trec-format";

// docs/domain.md, "Evaluation": when every label maps to exactly one chunk (non-overlapping
// chunking, each quote inside one chunk, at most one label per chunk), the label-based numbers
// must equal trec_eval's on the exported qrels and run. Random queries, seeded; compared per query
// and as means.

const KS = [1, 2, 3, 5, 10, 20, 50];
const MEASURES = [
  "map",
  "recip_rank",
  ...["P", "recall", "ndcg_cut", "success"].map((m) => `${m}.${KS.join(",")}`),
];
const TOLERANCE = 1e-9;

/** `labelChunks[i]` is the one chunk holding `labels[i]`'s quote. */
type Query = { queryId: string; labels: EvalLabel[]; labelChunks: RankedChunk[]; ranking: RankedChunk[] };

function generateQueries(seed: number, count: number): Query[] {
  const random = createSeededRandom(seed);
  const between = (low: number, high: number) => low + randomIndex(random, high - low + 1);
  return Array.from({ length: count }, (_, queryIndex) => {
    // A few documents, each cut into consecutive chunks of random length (no overlap).
    const chunks: RankedChunk[] = [];
    const documents = between(1, 5);
    for (let document = 0; document < documents; document++) {
      const documentId = `doc-${queryIndex}-${document}`;
      for (let start = 0, made = between(1, 15); made > 0; made--) {
        const end = start + between(20, 400);
        chunks.push({ documentId, start, end });
        start = end;
      }
    }
    // At most one label per chunk, its quote inside the chunk; grades −1 … 3, one of them ≥ 2 so
    // that the query has a relevant label at both thresholds tested.
    const labels: EvalLabel[] = [];
    const labelChunks: RankedChunk[] = [];
    chunks.forEach((chunk, index) => {
      if (index > 0 && random() < 0.7) return;
      const start = between(chunk.start, chunk.end - 1);
      const grade = labels.length === 0 ? between(2, 3) : between(-1, 3);
      const span = { start, end: between(start + 1, chunk.end) };
      labels.push({ id: `label-${queryIndex}-${index}`, documentId: chunk.documentId, grade, span });
      labelChunks.push(chunk);
    });
    // The ranking: a random selection of the chunks in random order (sometimes empty).
    const pool = [...chunks];
    const ranking: RankedChunk[] = [];
    const depth = random() < 0.05 ? 0 : between(1, Math.min(pool.length, 60));
    while (ranking.length < depth) ranking.push(...pool.splice(randomIndex(random, pool.length), 1));
    return { queryId: `q${queryIndex}`, labels, labelChunks, ranking };
  });
}

/** Exports through the TREC text formats and reads the lines back, as trec_eval would. */
function exportAndRead(queries: { queryId: string; judged: [string, number][]; ranked: string[] }[]) {
  const qrelsText = formatQrels(
    queries.flatMap(({ queryId, judged }) => judged.map(([docId, grade]) => ({ queryId, docId, grade }))),
  );
  // Distinct descending scores (whole numbers, exact as 32-bit floats): no ties to break.
  const runText = formatRun(
    queries.flatMap(({ queryId, ranked }) =>
      ranked.map((docId, index) => ({ queryId, docId, score: ranked.length - index })),
    ),
    "equivalence",
  );
  const fields = (text: string) =>
    text
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => line.split(" "));
  return {
    qrels: fields(qrelsText).map(([queryId, , docId, grade]) => ({
      queryId: queryId!,
      docId: docId!,
      grade: Number(grade),
    })),
    run: fields(runText).map(([queryId, , docId, , score]) => ({
      queryId: queryId!,
      docId: docId!,
      score: Number(score),
    })),
  };
}

function expectSameAsTrec(metrics: QueryMetrics, trec: Record<string, number> | undefined, context: string) {
  const expected: Record<string, number> = {
    map: metrics.averagePrecision,
    recip_rank: metrics.reciprocalRank,
  };
  for (const k of KS) {
    expected[`P_${k}`] = metrics.precision[k]!;
    expected[`recall_${k}`] = metrics.recall[k]!;
    expected[`ndcg_cut_${k}`] = metrics.ndcg[k]!;
    expected[`success_${k}`] = metrics.hit[k]!;
  }
  for (const [name, value] of Object.entries(expected)) {
    // trec_eval leaves out a query with nothing retrieved; it scores 0 on every measure here.
    const reference = trec === undefined ? 0 : trec[name];
    expect(reference, `${context}: ${name}`).toBeDefined();
    expect(Math.abs(value - (reference ?? Number.NaN)), `${context}: ${name}`).toBeLessThanOrEqual(TOLERANCE);
  }
}

function compareWithTrec(options: {
  scored: { queryId: string; metrics: QueryMetrics | null }[];
  exported: ReturnType<typeof exportAndRead>;
  relevanceLevel: number;
}) {
  const { scored, exported, relevanceLevel } = options;
  const trec = evaluateTrecEntries({
    ...exported,
    relevanceLevel,
    measures: MEASURES,
    averageOverAllQrels: true,
  });
  for (const { queryId, metrics } of scored) {
    expect(metrics, `${queryId} has a relevant label`).not.toBeNull();
    expectSameAsTrec(metrics!, trec.perQuery.get(queryId), `${queryId} at -l ${relevanceLevel}`);
  }
  // Means over every query (-c: queries with nothing retrieved count as 0, as in the label mode).
  const mean = meanQueryMetrics({ perQuery: scored.map((row) => row.metrics), ks: KS });
  expect(mean.excluded).toBe(0);
  const meanAsQuery = {
    ...mean,
    reciprocalRank: mean.mrr,
    averagePrecision: mean.map,
  } as unknown as QueryMetrics;
  expectSameAsTrec(meanAsQuery, trec.summary, `mean at -l ${relevanceLevel}`);
  return trec;
}

describe("label-based metrics equal trec_eval when every label maps to one chunk", () => {
  const queries = generateQueries(2024, 400);
  const exported = exportAndRead(
    queries.map(({ queryId, labels, labelChunks, ranking }) => ({
      queryId,
      judged: labels.map((label, index): [string, number] => [chunkDocId(labelChunks[index]!), label.grade]),
      ranked: ranking.map(chunkDocId),
    })),
  );

  for (const relevantThreshold of [1, 2]) {
    for (const coverage of [1, 0.5]) {
      it(`at relevance threshold ${relevantThreshold} (trec_eval -l), coverage θ = ${coverage}`, () => {
        const scored = queries.map(({ queryId, labels, ranking }) => ({
          queryId,
          metrics: evaluateQuery({ labels, ranking, ks: KS, coverage, relevantThreshold }),
        }));
        const trec = compareWithTrec({ scored, exported, relevanceLevel: relevantThreshold });
        // The comparison is not vacuous: most queries retrieved something relevant, not all.
        const found = [...trec.perQuery.values()].filter((row) => (row.recip_rank ?? 0) > 0).length;
        expect(found).toBeGreaterThan(200);
        expect(found).toBeLessThan(trec.perQuery.size);
      });
    }
  }
});

describe("document-level metrics equal trec_eval on document qrels and the document run", () => {
  // One judgment per document (its first label's grade, ≥ 2 for the first document), so every
  // query has a relevant document at both thresholds.
  const queries = generateQueries(77, 300).map(({ queryId, labels, ranking }) => {
    const gradeByDocument = new Map<string, number>();
    for (const label of labels) {
      if (!gradeByDocument.has(label.documentId)) gradeByDocument.set(label.documentId, label.grade);
    }
    const documentLabels = [...gradeByDocument].map(([documentId, grade]) => ({ documentId, grade }));
    return { queryId, documentLabels, ranking };
  });
  const exported = exportAndRead(
    queries.map(({ queryId, documentLabels, ranking }) => ({
      queryId,
      judged: documentLabels.map(({ documentId, grade }): [string, number] => [documentId, grade]),
      ranked: rankDocuments(ranking).map((document) => document.documentId),
    })),
  );

  it("at relevance threshold 1 and 2", () => {
    for (const relevantThreshold of [1, 2]) {
      const scored = queries.map(({ queryId, documentLabels, ranking }) => ({
        queryId,
        metrics: evaluateDocumentQuery({ labels: documentLabels, ranking, ks: KS, relevantThreshold }),
      }));
      compareWithTrec({ scored, exported, relevanceLevel: relevantThreshold });
    }
  });
});
