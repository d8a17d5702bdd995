import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultRetrievalConfig, type RetrievalConfig } from "@/lib/configs/config-schema";
import { type LabelActor, saveDocumentLabel, saveQuoteLabel } from "@/lib/curation/save-label";
import type { Db } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { parseRunMetrics } from "@/lib/eval/run-report-schema";
import { walkHoles } from "@/lib/queue/find-next-query";
import { loadHoles } from "@/lib/queue/load-holes";
import { manualDocuments, seedAnnotatorSet } from "@/lib/queue/testing/annotator-set";
import { evaluateRun } from "@/lib/runs/testing/evaluate-run";

// Holes on a real database, against runs evaluated by the real job: what the top k holds that no
// judgment covers, and judged@k with today's labels — which must be what a new run would store.

const TOPICS = ["router", "drive", "fan", "battery", "screen", "printer", "camera", "cable"];
const text = (topic: string) =>
  `The ${topic} manual. Reset the ${topic} by holding its button. ` +
  `A ${topic} that blinks needs new firmware. Clean the ${topic} with a dry cloth. ` +
  `Warranty: the ${topic} is covered for two years.`;
// small chunks, so each document has several and a quote covers only some of them
const config: RetrievalConfig = {
  ...defaultRetrievalConfig,
  chunking: { strategy: "fixed-characters", size: 60, overlap: 0 },
};

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let setId: string;
let queryIds: string[];
let documents: Map<string, { id: string; version: number }>;
let actor: LabelActor;

async function evaluate(name: string, mode: "label" | "document" = "label") {
  const run = await evaluateRun(prisma, {
    setId,
    configName: name,
    config,
    coverage: 1,
    mode,
    userId: actor.id,
  });
  return { runId: run.id, judged: parseRunMetrics(run.metrics)?.judged?.[10] };
}

function quote(queryIndex: number, topic: string, phrase: string, grade: number) {
  const document = documents.get(topic)!;
  const start = text(topic).indexOf(phrase);
  if (start < 0) throw new Error(`"${phrase}" is not in ${topic}`);
  return saveQuoteLabel(prisma, {
    actor,
    setId,
    queryId: queryIds[queryIndex]!,
    documentId: document.id,
    documentVersion: document.version,
    start,
    end: start + phrase.length,
    grade,
  });
}

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  let corpusId: string;
  ({ actor, corpusId, setId, queryIds } = await seedAnnotatorSet(prisma, {
    documents: manualDocuments(TOPICS, text),
    queries: ["reset the router", "blinking fan firmware"],
  }));
  documents = new Map(
    (await prisma.document.findMany({ where: { corpusId } })).map((row) => [row.externalId, row]),
  );
  // one relevant judgment per query, so both are evaluated and judged@k means the same in both places
  await quote(0, "router", "Reset the router by holding its button", 3);
  await quote(1, "fan", "A fan that blinks needs new firmware", 2);
}, 120_000);

afterAll(async () => {
  await database.dispose();
});

describe("loadHoles", () => {
  it("finds the unjudged top-k results, judged@k as the run stored it, and holes shrink as they are judged", async () => {
    const first = await evaluate("bm25 small chunks");
    const before = await loadHoles(prisma, { setId, runId: first.runId });
    expect(before.k).toBe(10);
    const summary = before.runs[0]!;
    expect(summary.queries).toBe(2);
    expect(summary.judged).toBeCloseTo(first.judged ?? -1, 10);
    expect(summary.holes).toBe(before.holes.length);
    expect(summary.holes).toBeGreaterThan(4);
    const hole = before.holes[0]!;
    expect(hole.query.text).toBe("reset the router");
    expect(hole.excerpt.length).toBeGreaterThan(0);
    expect(text(hole.document.externalId).slice(hole.start, hole.end)).toBe(hole.excerpt);

    // judge every hole of the first query as not relevant (grade 0), chunk for chunk
    const firstQueryHoles = before.holes.filter((entry) => entry.queryId === queryIds[0]);
    for (const entry of firstQueryHoles) {
      const document = documents.get(entry.document.externalId)!;
      await saveQuoteLabel(prisma, {
        actor,
        setId,
        queryId: entry.queryId,
        documentId: document.id,
        documentVersion: document.version,
        start: entry.start,
        end: entry.end,
        grade: 0,
      });
    }
    const after = await loadHoles(prisma, { setId, runId: first.runId });
    expect(after.holes.filter((entry) => entry.queryId === queryIds[0])).toEqual([]);
    expect(after.holes.length).toBe(before.holes.length - firstQueryHoles.length);
    expect(after.runs[0]!.judged).toBeGreaterThan(summary.judged);

    // a new evaluation with the same configuration stores exactly the judged@k computed live
    const second = await evaluate("bm25 small chunks again");
    expect(after.runs[0]!.judged).toBeCloseTo(second.judged ?? -1, 10);
  }, 120_000);

  it("unites the set's runs, leaves archived ones out, and judges documents in document mode", async () => {
    const documentRun = await evaluate("bm25 by document", "document");
    const perRun = await loadHoles(prisma, { setId, runId: documentRun.runId });
    expect(perRun.holes.every((hole) => hole.wholeDocument)).toBe(true);
    expect(perRun.runs[0]!.judged).toBeCloseTo(documentRun.judged ?? -1, 10);
    const documentHole = perRun.holes.find((hole) => hole.queryId === queryIds[1])!;
    await saveDocumentLabel(prisma, {
      actor,
      setId,
      queryId: documentHole.queryId,
      documentId: documentHole.documentId,
      documentVersion: documents.get(documentHole.document.externalId)!.version,
      grade: 0,
    });
    const judgedDocument = await loadHoles(prisma, { setId, runId: documentRun.runId });
    expect(judgedDocument.holes.length).toBe(perRun.holes.length - 1);

    const set = await loadHoles(prisma, { setId });
    expect(set.runs.map((run) => run.runId)).toContain(documentRun.runId);
    await prisma.run.update({ where: { id: documentRun.runId }, data: { archivedAt: new Date() } });
    const withoutArchived = await loadHoles(prisma, { setId });
    expect(withoutArchived.runs.map((run) => run.runId)).not.toContain(documentRun.runId);
    expect(withoutArchived.holes.some((hole) => hole.wholeDocument)).toBe(false);
    const keys = withoutArchived.holes.map((hole) => `${hole.queryId}|${hole.documentId}|${hole.start}`);
    expect(new Set(keys).size).toBe(keys.length); // the two label runs rank the same chunks: one hole each
  }, 120_000);

  it("walks the holes in set order and reports where a judged one was", async () => {
    const { holes } = await loadHoles(prisma, { setId });
    const first = holes[0]!;
    const ref = { queryId: first.queryId, documentId: first.documentId, start: first.start, end: first.end };
    const walk = await walkHoles(prisma, { setId, userId: actor.id, current: ref, now: new Date() });
    expect(walk).toMatchObject({ index: 0, total: holes.length });
    expect(walk.next).toMatchObject({ queryId: holes[1]?.queryId, start: holes[1]?.start });
    const chunk = text(first.document.externalId).slice(first.start, first.end);
    await quote(queryIds.indexOf(first.queryId), first.document.externalId, chunk, 0);
    const afterJudging = await walkHoles(prisma, { setId, userId: actor.id, current: ref, now: new Date() });
    expect(afterJudging).toMatchObject({ index: null, total: holes.length - 1 });
    expect(afterJudging.next).toMatchObject({ queryId: holes[1]?.queryId, start: holes[1]?.start });
  }, 120_000);
});
