import { randomUUID } from "node:crypto";
import {
  defaultRetrievalConfig,
  defaultRetrievers,
  REPORTED_KS,
  type RetrievalConfig,
} from "@/lib/configs/config-schema";
import { chunkHash } from "@/lib/corpora/content-hash";
import { saveQuoteLabel } from "@/lib/curation/save-label";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { addQueriesToSet, createGoldenSet } from "@/lib/db/golden-sets";
import { type RunQueryOutcome, type RunResultRow, saveRunOutcome } from "@/lib/db/runs";
import { type EvalLabel, meanQueryMetrics, type RankedChunk } from "@/lib/eval/label-metrics";
import { scoreRunQuery } from "@/lib/eval/score-run-query";
import { createSeededRandom } from "@/lib/eval/statistics/seeded-random";
import { DEFAULT_CONTEXT_BUDGET_CHARS } from "@/lib/exchange/golden-set-schema";
import { createRun } from "@/lib/runs/create-run";

/** Synthetic documents are cut into windows this long; every label lies inside one window. */
const WINDOW = 400;
const WORDS = ["raid", "drive", "pool", "fan", "snapshot", "update", "error", "network", "share", "backup"];

export type SeededComparison = {
  setId: string;
  corpusId: string;
  /** Run ids in creation order: the baseline first. */
  runIds: string[];
  queryIds: string[];
};

/**
 * A golden set with `queries` labeled queries (1–3 quote labels each, a few without a relevant
 * one) and `runs` finished runs, stored through the real data functions: documents imported,
 * labels saved as annotators save them, runs created on a frozen set version, and their outcomes
 * (results, per-query metrics scored by evaluateQuery, aggregates) saved by saveRunOutcome. The
 * rankings are synthetic: run i finds each label at a random rank, better runs more often and
 * higher, so the comparison has real wins and losses. Deterministic for a `seed`.
 */
export async function seedComparison(
  prisma: Db,
  options: { queries: number; runs: number; documents?: number; seed?: number },
): Promise<SeededComparison> {
  const random = createSeededRandom(options.seed ?? 7);
  const documentCount = options.documents ?? 100;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const texts = Array.from({ length: documentCount }, () =>
    Array.from({ length: 600 }, () => pick(WORDS))
      .join(" ")
      .slice(0, WINDOW * 8),
  );
  const { corpusId } = await importDocuments(prisma, {
    corpusName: `Comparison corpus ${randomUUID()}`,
    documents: (async function* () {
      for (const [index, text] of texts.entries()) {
        yield { externalId: `doc-${index}`, title: `Document ${index}`, text, metadata: null };
      }
    })(),
  });
  const user = await prisma.user.create({
    data: {
      id: randomUUID(),
      name: "Seeder",
      email: `seeder-${randomUUID()}@example.test`,
      role: "annotator",
    },
  });
  const set = await createGoldenSet(prisma, {
    name: `Comparison set ${randomUUID()}`,
    description: "",
    corpusId,
  });
  const classes = [["error-code"], ["question"], ["keyword"], []];
  await addQueriesToSet(prisma, {
    setId: set.id,
    queries: Array.from({ length: options.queries }, (_, index) => ({
      text: `synthetic query ${index} ${pick(WORDS)}`,
      tags: classes[index % classes.length] ?? [],
    })),
  });
  const queries = await prisma.query.findMany({
    where: { goldenSetId: set.id },
    orderBy: { position: "asc" },
  });
  const documents = new Map(
    (await prisma.document.findMany({ where: { corpusId } })).map((document) => [
      document.externalId,
      document,
    ]),
  );
  const actor = { id: user.id, email: user.email, role: "annotator" };
  const labels = new Map<string, EvalLabel[]>();
  for (const [index, query] of queries.entries()) {
    const count = 1 + Math.floor(random() * 3);
    const list: EvalLabel[] = [];
    for (let label = 0; label < count; label++) {
      const documentIndex = Math.floor(random() * documentCount);
      const document = documents.get(`doc-${documentIndex}`);
      if (!document) continue;
      const window = Math.floor(random() * 6);
      const start = window * WINDOW + 50 + label * 60;
      // every 25th query has only a non-relevant label: excluded from the comparison
      const grade = index % 25 === 24 ? 0 : 1 + Math.floor(random() * 3);
      const saved = await saveQuoteLabel(prisma, {
        actor,
        setId: set.id,
        queryId: query.id,
        documentId: document.id,
        documentVersion: document.version,
        start,
        end: start + 40,
        grade,
      });
      list.push({ id: saved.labelId, documentId: document.id, grade, span: { start, end: start + 40 } });
    }
    labels.set(query.id, list);
  }

  const textLengths = new Map(
    [...documents].map(([externalId, document]) => [
      document.id,
      texts[Number(externalId.slice(4))]?.length ?? 0,
    ]),
  );
  const runIds: string[] = [];
  for (let run = 0; run < options.runs; run++) {
    const config: RetrievalConfig = {
      ...defaultRetrievalConfig,
      retriever: { ...defaultRetrievers.bm25, b: 0.4 + run * 0.05 },
    };
    const { runId } = await createRun(prisma, {
      setId: set.id,
      configName: `Synthetic ${run}`,
      config,
      coverage: 1,
      userId: user.id,
    });
    const results: RunResultRow[] = [];
    const perQuery: RunQueryOutcome[] = [];
    const skill = 0.45 + 0.05 * run;
    for (const query of queries) {
      const ranking = syntheticRanking(labels.get(query.id) ?? [], texts, documents, { random, skill });
      ranking.forEach((chunk, index) => {
        const text = texts[Number(chunk.externalId.slice(4))]?.slice(chunk.start, chunk.end) ?? "";
        results.push({
          queryId: query.id,
          rank: index + 1,
          documentId: chunk.documentId,
          start: chunk.start,
          end: chunk.end,
          chunkHash: chunkHash(text),
          score: 20 - index,
        });
      });
      // scored as lib/runs/execute-run scores a query, context measures at the set's budget included
      const { metrics, context } = scoreRunQuery({
        mode: "label",
        labels: labels.get(query.id) ?? [],
        ranking,
        ks: [...REPORTED_KS],
        coverage: 1,
        relevantThreshold: 1,
        budgetChars: DEFAULT_CONTEXT_BUDGET_CHARS,
        documentLength: (documentId) => textLengths.get(documentId) ?? 0,
      });
      perQuery.push({ queryId: query.id, metrics, returned: ranking.length, context });
    }
    const labelCount = [...labels.values()].reduce((sum, list) => sum + list.length, 0);
    await saveRunOutcome(prisma, {
      runId,
      results,
      perQuery,
      metrics: {
        ...meanQueryMetrics({ perQuery: perQuery.map((row) => row.metrics), ks: [...REPORTED_KS] }),
        queries: perQuery.length,
      },
      resolution: { counts: { exact: labelCount, orphaned: 0, split: 0 }, labels: [] },
      durationMs: 1,
    });
    runIds.push(runId);
  }
  return { setId: set.id, corpusId, runIds, queryIds: queries.map((query) => query.id) };
}

/** 20 distinct windows: each label's window at a random rank with probability `skill`, filler elsewhere. */
function syntheticRanking(
  labels: EvalLabel[],
  texts: string[],
  documents: Map<string, { id: string }>,
  options: { random: () => number; skill: number },
): (RankedChunk & { externalId: string })[] {
  const { random, skill } = options;
  const slots: ((RankedChunk & { externalId: string }) | null)[] = Array.from({ length: 20 }, () => null);
  const externalIdOf = new Map([...documents].map(([externalId, document]) => [document.id, externalId]));
  for (const label of labels) {
    if (!label.span || random() > skill) continue;
    const start = Math.floor(label.span.start / WINDOW) * WINDOW;
    const rank = Math.min(19, Math.floor(random() * random() * 20 * (1.2 - skill)));
    const free = slots.findIndex((slot, index) => index >= rank && slot === null);
    if (free < 0) continue;
    slots[free] = {
      documentId: label.documentId,
      externalId: externalIdOf.get(label.documentId) ?? "doc-0",
      start,
      end: start + WINDOW,
    };
  }
  return slots.map((slot) => {
    if (slot) return slot;
    const documentIndex = Math.floor(random() * texts.length);
    const externalId = `doc-${documentIndex}`;
    const start = 7 * WINDOW;
    return { documentId: documents.get(externalId)?.id ?? "", externalId, start, end: start + WINDOW };
  });
}
