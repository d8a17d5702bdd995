import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chunkDocument } from "@/lib/chunking/chunk-document";
import { type ChunkingConfig, defaultRetrievalConfig } from "@/lib/configs/config-schema";
import { describeChunking } from "@/lib/configs/describe-config";
import { importGoldenSetFile } from "@/lib/curation/golden-set-import";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { loadCorpusDocuments } from "@/lib/db/current-documents";
import { buildGoldenSetFile } from "@/lib/db/golden-set-exchange";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { DEMO_CORPUS_NAME, seedDemo } from "@/lib/demo/seed-demo";
import { chunkSatisfiesLabel } from "@/lib/eval/label-metrics";
import { resolveSetLabels } from "@/lib/eval/resolve-labels";
import { parseRunMetrics, parseRunResolution, type RunMetrics } from "@/lib/eval/run-report-schema";
import { parseGoldenSetFile } from "@/lib/exchange/parse-golden-set-file";
import { readCorpusJsonl } from "@/lib/exchange/read-corpus-jsonl";
import { openFileStream } from "@/lib/exchange/read-lines";
import { serializeGoldenSetFile } from "@/lib/exchange/serialize-golden-set-file";
import { createRun } from "@/lib/runs/create-run";
import { evaluateRun } from "@/lib/runs/testing/evaluate-run";
import { drainJobs } from "@/lib/worker/worker";

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
  it("loads users, corpus, log, a labeled set and four finished runs (BM25 ×2, LSA, hybrid)", async () => {
    expect(await prisma.user.count()).toBe(3);
    expect(await prisma.document.count()).toBeGreaterThanOrEqual(60);
    const log = await prisma.queryLog.findFirstOrThrow();
    expect(log.lineCount).toBeGreaterThanOrEqual(1000);
    const labeled = await prisma.query.count({ where: { goldenSetId: setId, labels: { some: {} } } });
    expect(labeled).toBeGreaterThanOrEqual(40);
    const runs = await prisma.run.findMany();
    expect(runs.map((run) => run.status)).toEqual(["succeeded", "succeeded", "succeeded", "succeeded"]);
    for (const run of runs) {
      const metrics = parseRunMetrics(run.metrics);
      expect(metrics?.evaluated).toBeGreaterThanOrEqual(40);
      expect(metrics?.recall[5]).toBeGreaterThan(0);
      expect(metrics?.recall[5]).toBeLessThanOrEqual(1);
      expect(metrics?.recall[20]).toBeGreaterThanOrEqual(metrics?.recall[1] ?? 1);
      expect((run.resolution as { counts: Record<string, number> }).counts.orphaned).toBe(0);
      expect(metrics?.judged?.[10]).toBeGreaterThan(0);
    }
  });

  it("pins the BM25 baseline run as the set's baseline", async () => {
    const set = await prisma.goldenSet.findUniqueOrThrow({
      where: { id: setId },
      include: { baselineRun: { include: { config: true } } },
    });
    expect(set.baselineRun?.config.name).toBe("BM25 baseline");
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
    // Resolution does not depend on chunking at all: every label anchors exactly.
    const { resolutions, labelsByQuery } = resolveSetLabels({ file, documentsByExternalId: byExternalId });
    expect(
      resolutions.filter((resolution) => resolution.state !== "exact" && resolution.state !== "document"),
    ).toEqual([]);
    const labels = [...labelsByQuery.values()].flat();
    expect(labels.length).toBeGreaterThanOrEqual(40);
    // And under any chunking whose overlap is at least as long as the longest quote, every quote
    // lies wholly inside some chunk (coverage 1): re-chunking cannot make a label unscorable.
    const longest = Math.max(...labels.map((label) => (label.span ? label.span.end - label.span.start : 0)));
    for (const [size, overlap] of [
      [longest + 20, longest],
      [400, longest],
      [1000, Math.max(longest, 200)],
      [5000, longest],
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

  it("re-evaluates under other chunkings with zero orphaned labels and the same queries", async () => {
    const engineer = await prisma.user.findFirstOrThrow({ where: { role: "engineer" } });
    const chunkings: ChunkingConfig[] = [
      { strategy: "fixed-characters", size: 120, overlap: 0 },
      { strategy: "fixed-characters", size: 700, overlap: 100 },
      { strategy: "fixed-tokens", size: 64, overlap: 16 },
      { strategy: "sentence-packed", size: 500, overlap: 120 },
      { strategy: "recursive", size: 400, overlap: 60 },
    ];
    for (const chunking of chunkings) {
      const run = await evaluateRun(prisma, {
        setId,
        configName: `rechunk ${describeChunking(chunking)}`,
        config: { ...defaultRetrievalConfig, chunking },
        coverage: 1,
        userId: engineer.id,
      });
      const resolution = parseRunResolution(run.resolution);
      expect(resolution?.counts.orphaned).toBe(0);
      expect(resolution?.counts["missing-document"]).toBe(0);
      expect(parseRunMetrics(run.metrics)?.evaluated).toBeGreaterThanOrEqual(40);
    }
  });

  it("scores in document-level mode at least as high as with quotes (a document is easier to hit)", async () => {
    const engineer = await prisma.user.findFirstOrThrow({ where: { role: "engineer" } });
    const runs: Record<string, RunMetrics | null> = {};
    for (const mode of ["label", "document"] as const) {
      const { runId } = await createRun(prisma, {
        setId,
        configName: `mode ${mode}`,
        config: defaultRetrievalConfig,
        coverage: 1,
        mode,
        userId: engineer.id,
      });
      await drainJobs(prisma);
      runs[mode] = parseRunMetrics((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).metrics);
    }
    expect(runs.document?.evaluated).toBe(runs.label?.evaluated);
    expect(runs.document?.mrr).toBeGreaterThanOrEqual(runs.label?.mrr ?? 1);
    expect(runs.document?.recall[1]).toBeGreaterThan(0);
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
