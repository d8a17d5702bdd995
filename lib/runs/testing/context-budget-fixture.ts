import { importGoldenSetFile } from "@/lib/curation/golden-set-import";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import type { GoldenSetFile } from "@/lib/exchange/golden-set-schema";
import {
  buildGoldenSetFile,
  documentLabel,
  firstVersionDocuments,
  labeledQuery,
  quoteLabel,
} from "@/lib/exchange/testing/golden-set-file";

/** A chunk of exactly 100 characters whose only words are `words` (the dots are no tokens). */
const chunk = (words: string) => `${words} `.padEnd(100, ".");

/**
 * Two documents cut by `CONTEXT_FIXTURE_CONFIG` (fixed 100-character chunks, BM25) into chunks
 * whose words decide the rankings: d1 = [alpha alpha | beta | alpha | gamma] (400 characters),
 * d2 = [beta beta | delta] (200).
 */
export const CONTEXT_FIXTURE_TEXTS = {
  d1: chunk("alpha alpha") + chunk("beta") + chunk("alpha") + chunk("gamma"),
  d2: chunk("beta beta") + chunk("delta"),
};

export const CONTEXT_FIXTURE_CONFIG = {
  name: "bm25 100 characters",
  chunking: { strategy: "fixed-characters" as const, size: 100, overlap: 0 },
  retriever: { kind: "bm25" as const, k1: 0.9, b: 0.4 },
  topK: 10,
  scoreThreshold: null,
  reranker: null,
};

const quote = (document: "d1" | "d2", start: number, end: number, grade = 1) =>
  quoteLabel({ document, text: CONTEXT_FIXTURE_TEXTS[document], start, end, grade });

/**
 * The queries and what a run of `CONTEXT_FIXTURE_CONFIG` at the set's budget, 200 characters,
 * finds, by hand (U: context characters, L: relevant, C: relevant in the context):
 * - q1 "alpha": d1[0,100) then d1[200,300); quotes "alpha" at d1[0,5) and d1[200,205). U 200, L 10, C 10.
 * - q2 "beta": d2[0,100) (tf 2) then d1[100,200); d2 labeled whole. U 200, L 200, C 100.
 * - q3 "gamma": d1[300,400); the quote "delta" at d2[100,105). U 100, L 5, C 0.
 * - q4 "epsilon": no results; the quote "gamma" at d1[300,305). 0 on all three.
 * - q5 "delta": only a grade-0 label: excluded.
 */
export function contextFixtureFile(documents: GoldenSetFile["corpus"]["documents"]): GoldenSetFile {
  return buildGoldenSetFile({
    name: "context budget",
    corpusName: "context corpus",
    contextBudgetChars: 200,
    documents,
    queries: [
      labeledQuery("q1", "alpha", [quote("d1", 0, 5), quote("d1", 200, 205)]),
      labeledQuery("q2", "beta", [documentLabel("d2", 1)]),
      labeledQuery("q3", "gamma", [quote("d2", 100, 105)]),
      labeledQuery("q4", "epsilon", [quote("d1", 300, 305)]),
      labeledQuery("q5", "delta", [quote("d2", 100, 105, 0)]),
    ],
  });
}

/** Imports the corpus and the set (budget 200 characters); returns the set's id. */
export async function seedContextFixture(prisma: Db): Promise<{ setId: string }> {
  await importDocuments(prisma, {
    corpusName: "context corpus",
    documents: (async function* () {
      for (const [externalId, text] of Object.entries(CONTEXT_FIXTURE_TEXTS))
        yield { externalId, title: externalId === "d1" ? "One" : "Two", text, metadata: null };
    })(),
  });
  const rows = await prisma.document.findMany({ select: { externalId: true, contentHash: true } });
  const file = contextFixtureFile(firstVersionDocuments(rows));
  const { setId } = await importGoldenSetFile(prisma, { file });
  return { setId };
}
