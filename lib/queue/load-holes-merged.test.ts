import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultRetrievalConfig } from "@/lib/configs/config-schema";
import { type LabelActor, saveQuoteLabel } from "@/lib/curation/save-label";
import type { Db } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { walkHoles } from "@/lib/queue/find-next-query";
import { loadHoles } from "@/lib/queue/load-holes";
import { seedAnnotatorSet } from "@/lib/queue/testing/annotator-set";
import { evaluateRun } from "@/lib/runs/testing/evaluate-run";

// Two runs that cut the same document differently (100- and 110-character chunks, both mid-word)
// on a real database: the holes page and the hole walk meet each stretch of text once, on word
// edges, with both runs; judging the span shown fills the hole for both.

const TEXT =
  "The router restarts when its reset button is held for ten seconds. " +
  "A router whose light blinks orange needs the firmware update from the support page. " +
  "Keep the router away from the microwave, which disturbs its wireless signal badly. " +
  "Registering the router extends its warranty to three years.";

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let setId: string;
let queryId: string;
let document: { id: string; version: number };
let actor: LabelActor;

async function evaluate(name: string, size: number) {
  const run = await evaluateRun(prisma, {
    setId,
    configName: name,
    config: { ...defaultRetrievalConfig, chunking: { strategy: "fixed-characters", size, overlap: 0 } },
    coverage: 1,
    mode: "label",
    userId: actor.id,
  });
  return run.id;
}

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  let corpusId: string;
  let queryIds: string[];
  ({ actor, corpusId, setId, queryIds } = await seedAnnotatorSet(prisma, {
    corpusName: "Router notes",
    documents: [{ externalId: "router", title: "Router notes", text: TEXT }],
    setName: "Router questions",
    queries: ["router"],
  }));
  document = await prisma.document.findFirstOrThrow({ where: { corpusId } });
  queryId = queryIds[0]!;
}, 120_000);

afterAll(async () => {
  await database.dispose();
});

describe("loadHoles across chunkings", () => {
  it("shows text that two chunkings retrieved once, with both runs, snapped to word edges", async () => {
    const small = await evaluate("bm25 100", 100);
    const large = await evaluate("bm25 110", 110);
    const raw = await prisma.runResult.findMany({ where: { runId: { in: [small, large] } } });
    expect(raw.length).toBe(6); // three chunks each, all ranked for "router"
    expect(raw.some((result) => /\w/.test(TEXT.charAt(result.start - 1)))).toBe(true); // cut mid-word

    const { holes, runs } = await loadHoles(prisma, { setId });
    expect(holes).toHaveLength(3);
    for (const hole of holes) {
      expect(hole.runs.map((entry) => entry.runId).sort()).toEqual([small, large].sort());
      expect(TEXT.charAt(hole.start - 1)).not.toMatch(/\w/);
      expect(TEXT.charAt(hole.end)).not.toMatch(/\w/);
      expect(hole.excerpt).toBe(TEXT.slice(hole.start, hole.end));
    }
    expect(runs.map((run) => run.holes)).toEqual([3, 3]);
    // "Fill holes" walks each merged hole once, then wraps round to the first
    const visited: string[] = [];
    let current: { queryId: string; documentId: string; start: number; end: number } | null = null;
    for (let step = 0; step < 4; step++) {
      const walk = await walkHoles(prisma, { setId, userId: actor.id, current, now: new Date() });
      expect(walk.total).toBe(3);
      const next = walk.next!;
      visited.push(`${next.start}-${next.end}`);
      current = { queryId: next.queryId, documentId: next.documentId, start: next.start, end: next.end };
    }
    expect(visited).toEqual([...holes, holes[0]!].map((hole) => `${hole.start}-${hole.end}`));

    // judging the span shown (as "Fill holes" selects it) fills the hole for both runs
    const judgeSpan = (span: { start: number; end: number }, grade: number) =>
      saveQuoteLabel(prisma, {
        actor,
        setId,
        queryId,
        documentId: document.id,
        documentVersion: document.version,
        start: span.start,
        end: span.end,
        grade,
      });
    await judgeSpan(holes[0]!, 0);
    const after = await loadHoles(prisma, { setId });
    expect(after.holes).toHaveLength(2);
    expect(after.runs.map((run) => run.holes)).toEqual([2, 2]);
    const perRun = await loadHoles(prisma, { setId, runId: small });
    expect(perRun.holes).toHaveLength(2);
    expect(perRun.runs[0]!.holes).toBe(2);

    // and so does judging every span shown: no hole is left in either run
    for (const hole of after.holes) {
      expect(TEXT.slice(hole.start, hole.end)).toBe(TEXT.slice(hole.start, hole.end).trim()); // as a label saves it
      await judgeSpan(hole, 1);
    }
    const none = await loadHoles(prisma, { setId });
    expect(none.holes).toEqual([]);
    expect(none.runs.map((run) => run.holes)).toEqual([0, 0]);
  }, 120_000);
});
