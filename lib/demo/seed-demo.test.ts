import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chunkDocument } from "@/lib/chunking/chunk-document";
import type { Db } from "@/lib/db/client";
import { importDocuments, loadCorpusDocuments } from "@/lib/db/corpora";
import { buildGoldenSetFile, importGoldenSetFile } from "@/lib/db/golden-set-exchange";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { DEMO_CORPUS_NAME, seedDemo } from "@/lib/demo/seed-demo";
import { chunkSatisfiesLabel } from "@/lib/eval/label-metrics";
import { parseGoldenSetFile } from "@/lib/exchange/parse-golden-set-file";
import { readCorpusJsonl } from "@/lib/exchange/read-corpus-jsonl";
import { openFileStream } from "@/lib/exchange/read-lines";
import { serializeGoldenSetFile } from "@/lib/exchange/serialize-golden-set-file";
import { resolveSetLabels } from "@/lib/runs/resolve-labels";
import { parseRunMetrics } from "@/lib/runs/run-report-schema";

let demo: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let setId: string;

beforeAll(async () => {
  demo = createTestDatabase();
  prisma = demo.prisma;
  expect(await seedDemo(prisma)).toBe(true);
  setId = (await prisma.goldenSet.findFirstOrThrow()).id;
}, 120_000);

afterAll(async () => {
  await demo.dispose();
});

describe("the demo", () => {
  it("loads users, corpus, log, a labeled set and two finished runs", async () => {
    expect(await prisma.user.count()).toBe(3);
    expect(await prisma.document.count()).toBeGreaterThanOrEqual(60);
    const log = await prisma.queryLog.findFirstOrThrow();
    expect(log.lineCount).toBeGreaterThanOrEqual(1000);
    const labeled = await prisma.query.count({ where: { goldenSetId: setId, labels: { some: {} } } });
    expect(labeled).toBeGreaterThanOrEqual(40);
    const runs = await prisma.run.findMany();
    expect(runs.map((run) => run.status)).toEqual(["succeeded", "succeeded"]);
    for (const run of runs) {
      const metrics = parseRunMetrics(run.metrics);
      expect(metrics?.evaluated).toBeGreaterThanOrEqual(40);
      expect(metrics?.recall[5]).toBeGreaterThan(0);
      expect(metrics?.recall[5]).toBeLessThanOrEqual(1);
      expect(metrics?.recall[20]).toBeGreaterThanOrEqual(metrics?.recall[1] ?? 1);
      expect((run.resolution as { counts: Record<string, number> }).counts.orphaned).toBe(0);
    }
  });

  it("is not loaded twice", async () => {
    expect(await seedDemo(prisma)).toBe(false);
  });

  it("keeps every label resolvable whatever the chunk size (labels are quotes, not chunk ids)", async () => {
    const file = await buildGoldenSetFile(prisma, setId);
    const corpus = await prisma.corpus.findUniqueOrThrow({ where: { name: DEMO_CORPUS_NAME } });
    const documents = await loadCorpusDocuments(prisma, corpus.id);
    const byExternalId = new Map(documents.map((document) => [document.externalId, document]));
    const byId = new Map(documents.map((document) => [document.id, document]));
    const { resolutions, labelsByQuery } = resolveSetLabels({ file, documentsByExternalId: byExternalId });
    expect(resolutions.filter((resolution) => resolution.state !== "exact" && resolution.state !== "document")).toEqual([]);
    const labels = [...labelsByQuery.values()].flat();
    expect(labels.length).toBeGreaterThanOrEqual(40);
    for (const [size, overlap] of [
      [60, 0],
      [150, 30],
      [300, 0],
      [400, 80],
      [1000, 200],
      [5000, 0],
    ] as const) {
      for (const label of labels) {
        const text = byId.get(label.documentId)?.text ?? "";
        const chunks = chunkDocument({ text, chunking: { strategy: "fixed-characters", size, overlap } });
        const satisfied = chunks.some((span) =>
          chunkSatisfiesLabel({ chunk: { documentId: label.documentId, ...span }, label, coverage: 1 }),
        );
        expect(satisfied, `label ${label.id} with chunks of ${size}/${overlap}`).toBe(true);
      }
    }
  });

  it("exports, imports into an empty database and exports byte-identically", async () => {
    const first = serializeGoldenSetFile(await buildGoldenSetFile(prisma, setId));
    const fresh = createTestDatabase();
    try {
      await importDocuments(fresh.prisma, {
        corpusName: DEMO_CORPUS_NAME,
        documents: readCorpusJsonl(openFileStream("prisma/demo/corpus.jsonl")),
      });
      const imported = await importGoldenSetFile(fresh.prisma, { file: parseGoldenSetFile(first) });
      expect(imported.labels).toBeGreaterThanOrEqual(40);
      const second = serializeGoldenSetFile(await buildGoldenSetFile(fresh.prisma, imported.setId));
      expect(second).toBe(first);
    } finally {
      await fresh.dispose();
    }
  });
});
