import { importGoldenSetFile } from "@/lib/curation/golden-set-import";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { createSeededRandom } from "@/lib/eval/statistics/seeded-random";
import type { GoldenSetFile } from "@/lib/exchange/golden-set-schema";
import {
  binaryGradeScale,
  buildGoldenSetFile,
  documentLabel,
  labeledQuery,
  quoteLabel,
} from "@/lib/exchange/testing/golden-set-file";

/**
 * A seeded collection for tests that compare stored runs across code changes: 400 documents of
 * 20–160 words drawn from a 240-word vocabulary (a few words frequent, most rare, as in text), and
 * 40 queries of 2–5 words with document labels (grades 0–2) and quote labels cut from the
 * documents' texts; the last query has only a grade-0 label, so runs exclude it. The same seed
 * always gives the same texts, labels and so the same rankings.
 */
const DOCUMENTS = 400;
const QUERIES = 40;

const VOCABULARY = Array.from({ length: 240 }, (_, index) => `w${index.toString(36)}x${(index * 7) % 13}`);

/** Zipf-like: low indexes far more often than high ones. */
function drawWord(random: () => number): string {
  return VOCABULARY[Math.floor(VOCABULARY.length * random() ** 2.2)]!;
}

function drawWords(random: () => number, count: number): string {
  return Array.from({ length: count }, () => drawWord(random)).join(" ");
}

export type GeneratedDocument = { externalId: string; title: string; text: string };

export function generatedDocuments(seed = 24): GeneratedDocument[] {
  const random = createSeededRandom(seed);
  return Array.from({ length: DOCUMENTS }, (_, index) => ({
    externalId: `g${index}`,
    title: drawWords(random, 3),
    text: `${drawWords(random, 20 + Math.floor(random() * 140))}.`,
  }));
}

type Label = GoldenSetFile["queries"][number]["labels"][number];

/** Labels of one query: a few documents (some graded 0) and a few quotes of 30–200 characters. */
function drawLabels(random: () => number, documents: GeneratedDocument[]): Label[] {
  const labels: Label[] = [];
  const used = new Set<string>();
  const pick = () => {
    for (;;) {
      const document = documents[Math.floor(random() * documents.length)]!;
      if (!used.has(document.externalId)) {
        used.add(document.externalId);
        return document;
      }
    }
  };
  const documentLabels = 1 + Math.floor(random() * 4);
  for (let index = 0; index < documentLabels; index++)
    labels.push(documentLabel(pick().externalId, Math.floor(random() * 3)));
  const quotes = Math.floor(random() * 4);
  for (let index = 0; index < quotes; index++) {
    const document = pick();
    const length = Math.min(document.text.length - 1, 30 + Math.floor(random() * 170));
    const start = Math.floor(random() * (document.text.length - length));
    labels.push(
      quoteLabel({
        document: document.externalId,
        text: document.text,
        start,
        end: start + length,
        grade: 1 + Math.floor(random() * 2),
      }),
    );
  }
  return labels;
}

export function generatedSetFile(
  documents: GeneratedDocument[],
  hashes: Map<string, string>,
  seed = 24,
): GoldenSetFile {
  const random = createSeededRandom(seed + 1);
  const queries = Array.from({ length: QUERIES }, (_, index) =>
    labeledQuery(
      `gq${index}`,
      drawWords(random, 2 + Math.floor(random() * 4)),
      index === QUERIES - 1 ? [documentLabel(documents[0]!.externalId, 0)] : drawLabels(random, documents),
    ),
  );
  const labeled = new Set(queries.flatMap((query) => query.labels.map((label) => label.document)));
  return buildGoldenSetFile({
    name: "generated collection",
    corpusName: "generated corpus",
    gradeScale: [...binaryGradeScale(), { grade: 2, name: "highly relevant" }],
    contextBudgetChars: 600,
    documents: [...labeled].sort().map((id) => ({ id, version: 1, contentHash: hashes.get(id)! })),
    queries,
  });
}

/** Imports the generated corpus and set; returns the set's id. */
export async function seedGeneratedCollection(prisma: Db, seed = 24): Promise<{ setId: string }> {
  const documents = generatedDocuments(seed);
  await importDocuments(prisma, {
    corpusName: "generated corpus",
    documents: (async function* () {
      for (const document of documents) yield { ...document, metadata: null };
    })(),
  });
  const rows = await prisma.document.findMany({ select: { externalId: true, contentHash: true } });
  const hashes = new Map(rows.map((row) => [row.externalId, row.contentHash]));
  const { setId } = await importGoldenSetFile(prisma, { file: generatedSetFile(documents, hashes, seed) });
  return { setId };
}
