import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareBodySchema } from "@/lib/api/v1-schemas";
import { defaultRetrievalConfig } from "@/lib/configs/config-schema";
import { addQueriesToSet, createGoldenSet } from "@/lib/db/golden-sets";
import { getRun } from "@/lib/db/runs";
import { type QuoteLabeledQuestion, seedQuoteLabeledSet } from "@/lib/db/testing/quote-labeled-set";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { compareRunsById } from "@/lib/runs/compare-runs-by-id";
import { createRun } from "@/lib/runs/create-run";
import { drainJobs } from "@/lib/worker/worker";

// The API's comparison and TREC export on a real SQLite file, with runs evaluated for real.

const database = createTestDatabase();
const { prisma } = database;
const userId = "api-engineer";
const runs: Record<string, string> = {};
const texts: Record<string, string> = {
  "kb-1": "Resetting the router. Hold the reset button for ten seconds until the power light blinks.",
  "kb-2": "Replacing a drive. The rebuild starts on its own and takes about an hour per terabyte.",
  "kb-3": "Printer shows offline. Remove the printer and add it again from the settings page.",
  "kb-4": "Printer paper jam. Open the front cover of the printer and pull the jammed paper out slowly.",
};
const questions: QuoteLabeledQuestion[] = [
  ["how do I reset my router", "kb-1", "Hold the reset button for ten seconds"],
  ["how long does a drive rebuild take", "kb-2", "about an hour per terabyte"],
  ["printer is offline", "kb-3", "Remove the printer and add it again"],
];

async function evaluate(name: string, size: number, setId: string) {
  const config = {
    ...defaultRetrievalConfig,
    chunking: { strategy: "fixed-characters" as const, size, overlap: 0 },
  };
  const { runId } = await createRun(prisma, {
    setId,
    configName: name,
    config,
    coverage: 1,
    mode: "document",
    userId,
  });
  await drainJobs(prisma);
  return runId;
}

beforeAll(async () => {
  const { setId, corpusId } = await seedQuoteLabeledSet(prisma, {
    userId,
    setName: "api set",
    texts,
    questions,
  });
  const otherSetId = (await createGoldenSet(prisma, { name: "other", description: "", corpusId })).id;
  await addQueriesToSet(prisma, { setId: otherSetId, queries: [{ text: "printer is offline" }] });
  runs.baseline = await evaluate("wide", 400, setId);
  runs.small = await evaluate("small", 30, setId);
  runs.other = await evaluate("other", 400, otherSetId);
}, 60_000);
afterAll(() => database.dispose());

const request = (body: unknown) => compareBodySchema.parse(body);

describe("compareRunsById", () => {
  it("answers compare --json's shape from the stored per-query metrics, runs named by id", async () => {
    const comparison = await compareRunsById(
      prisma,
      request({ baseline: runs.baseline, runs: [runs.small], seed: 1 }),
    );
    expect(comparison.queries).toBe(3);
    expect(comparison.runs.map((run) => run.name)).toEqual([runs.small]);
    const measures = comparison.runs[0]!.measures;
    expect(Object.keys(measures)).toEqual(["ndcg_cut_10", "recip_rank", "recall_10", "map"]);
    const stored = (await getRun(prisma, runs.baseline!)).metrics as { mrr: number };
    expect(measures.recip_rank!.baseline).toBeCloseTo(stored.mrr, 12);
    const { wins, losses, ties } = measures.recip_rank!;
    expect(wins + losses + ties).toBe(3);
    expect(Object.keys(measures.recip_rank!).sort()).toEqual(
      ["baseline", "ci95", "delta", "losses", "mean", "p", "pAdjusted", "ties", "wins"].sort(),
    );
  });

  it("refuses runs of different sets, unknown ids and measures no run stored", async () => {
    await expect(
      compareRunsById(prisma, request({ baseline: runs.baseline, runs: [runs.other] })),
    ).rejects.toThrow("one golden set");
    await expect(
      compareRunsById(prisma, request({ baseline: runs.baseline, runs: ["nope"] })),
    ).rejects.toThrow("No run with the id nope");
    await expect(
      compareRunsById(
        prisma,
        request({ baseline: runs.baseline, runs: [runs.small], measures: ["recall@1000"] }),
      ),
    ).rejects.toThrow("Not every run has recall_1000");
    await expect(
      compareRunsById(prisma, request({ baseline: runs.baseline, runs: [runs.small], measures: ["bpref"] })),
    ).rejects.toThrow('Unknown measure "bpref"');
  });

  it("takes trec_eval's spellings and the app's for the same measure", async () => {
    const body = { baseline: runs.baseline, runs: [runs.small], seed: 1 };
    const trec = await compareRunsById(prisma, request({ ...body, measures: ["ndcg_cut.10", "P.5"] }));
    const app = await compareRunsById(prisma, request({ ...body, measures: ["ndcg@10", "precision@5"] }));
    expect(Object.keys(trec.runs[0]!.measures)).toEqual(["ndcg_cut_10", "P_5"]);
    expect(app).toEqual(trec);
  });
});
