import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvaluateCommand } from "@/lib/cli/evaluate-command";
import { runCommandInProcess } from "@/lib/cli/testing/run-command-in-process";
import { importDocumentLabeledSet } from "@/lib/curation/testing/import-document-labeled-set";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import type { SourceDocument } from "@/lib/exchange/read-corpus-jsonl";
import { testRunServices } from "@/lib/runs/testing/test-run-services";

// The app's runs and `ignoreIdenticalIds`, through `goldenset evaluate` (createRun + executeRun) on
// a real database: query "q1" is also a document's id, and that document matches it best.
const documents: SourceDocument[] = [
  {
    externalId: "q1",
    title: "",
    text: "solar solar solar. solar panels on a roof. solar again.",
    metadata: null,
  },
  { externalId: "d1", title: "", text: "Solar panels turn light into power.", metadata: null },
  { externalId: "d2", title: "", text: "Solar farms need land and sun.", metadata: null },
  { externalId: "d3", title: "", text: "Wind turbines turn in the wind.", metadata: null },
];

const database = createTestDatabase();
let workDir = "";
const evaluate = createEvaluateCommand({
  prisma: () => database.prisma,
  worker: { services: testRunServices() },
});

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "goldenset-self-document-"));
  await importDocumentLabeledSet(database.prisma, {
    setName: "self",
    corpusName: "self",
    documents,
    queries: [["q1", "solar", "d1"]],
  });
});

afterAll(async () => {
  await database.dispose();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Runs `config` (a saved configuration without its name) and returns q1's results, in rank order. */
async function resultsOf(name: string, config: Record<string, unknown>) {
  const file = path.join(workDir, `${name}.json`);
  await writeFile(file, JSON.stringify({ name, ...config }));
  const result = await runCommandInProcess(evaluate, ["--set", "self", "--config", file, "--json"]);
  expect(result.code).toBe(0);
  const { runId, metrics } = JSON.parse(result.stdout) as { runId: string; metrics: { mrr: number } };
  const rows = await database.prisma.runResult.findMany({
    where: { runId },
    orderBy: { rank: "asc" },
    select: { rank: true, documentId: true },
  });
  const externalIds = new Map(
    (await database.prisma.document.findMany({ select: { id: true, externalId: true } })).map((row) => [
      row.id,
      row.externalId,
    ]),
  );
  const results = rows.map((row) => ({ document: externalIds.get(row.documentId), rank: row.rank }));
  return { metrics, results };
}

const wholeDocuments = { chunking: { strategy: "document" }, retriever: { kind: "bm25" }, topK: 2 };

describe("a run's ignoreIdenticalIds", () => {
  it("keeps the query's own document when absent or false (the default)", async () => {
    const absent = await resultsOf("kept", wholeDocuments);
    expect(absent.results.map((row) => row.document)).toEqual(["q1", expect.any(String)]);
    expect(absent.metrics.mrr).toBeLessThan(1);
    const off = await resultsOf("kept explicitly", { ...wholeDocuments, ignoreIdenticalIds: false });
    expect(off.results).toEqual(absent.results);
  });

  it("drops it when on, and its rank goes to the next document (topK results still)", async () => {
    const { results, metrics } = await resultsOf("dropped", { ...wholeDocuments, ignoreIdenticalIds: true });
    expect(results.map((row) => row.document).sort()).toEqual(["d1", "d2"]);
    expect(results.map((row) => row.rank)).toEqual([1, 2]);
    expect(metrics.mrr).toBeGreaterThan(0); // the relevant d1 now within the top 2
  });

  it("drops every chunk of the query's document, still filling topK with other passages", async () => {
    const chunked = {
      chunking: { strategy: "fixed-characters", size: 20, overlap: 0 },
      retriever: { kind: "bm25" },
      topK: 2,
    };
    const kept = await resultsOf("chunks kept", chunked);
    // the query's document has the best two chunks
    expect(kept.results.map((row) => row.document)).toEqual(["q1", "q1"]);
    const dropped = await resultsOf("chunks dropped", { ...chunked, ignoreIdenticalIds: true });
    expect(dropped.results.map((row) => row.document).sort()).toEqual(["d1", "d2"]);
  });

  it("stores the setting with the configuration only when on, and refuses a non-boolean", async () => {
    const configs = await database.prisma.retrievalConfig.findMany({ select: { name: true, params: true } });
    const params = new Map(configs.map((config) => [config.name, config.params as Record<string, unknown>]));
    expect(params.get("kept")).not.toHaveProperty("ignoreIdenticalIds");
    expect(params.get("dropped")).toMatchObject({ ignoreIdenticalIds: true });
    const file = path.join(workDir, "bad.json");
    await writeFile(file, JSON.stringify({ name: "bad", ...wholeDocuments, ignoreIdenticalIds: "yes" }));
    await expect(runCommandInProcess(evaluate, ["--set", "self", "--config", file])).rejects.toThrowError(
      /config: ignoreIdenticalIds: /,
    );
  });
});
