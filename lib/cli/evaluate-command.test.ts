import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvaluateCommand } from "@/lib/cli/evaluate-command";
import { runCommandInProcess } from "@/lib/cli/testing/run-command-in-process";
import { runGoldensetSync } from "@/lib/cli/testing/run-goldenset";
import { importDocumentLabeledSet } from "@/lib/curation/testing/import-document-labeled-set";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors";
import type { SourceDocument } from "@/lib/exchange/read-corpus-jsonl";
import { testRunServices } from "@/lib/runs/testing/test-run-services";

// `goldenset evaluate` on a real SQLite file: a small corpus whose titles carry the query terms,
// a set with document labels, and runs created and executed as the app does.
const documents: SourceDocument[] = [
  {
    externalId: "d1",
    title: "Solar panels",
    text: "Photovoltaic cells turn light into power.",
    metadata: null,
  },
  { externalId: "d2", title: "Wind turbines", text: "Blades turn a generator in the wind.", metadata: null },
  {
    externalId: "d3",
    title: "Tidal power",
    text: "The moon moves the sea, and the sea moves turbines.",
    metadata: null,
  },
];

const database = createTestDatabase();
let workDir = "";
const evaluate = createEvaluateCommand({
  prisma: () => database.prisma,
  worker: { services: testRunServices() },
});

async function configFile(name: string, content: string): Promise<string> {
  const file = path.join(workDir, name);
  await writeFile(file, content);
  return file;
}

/** The AppError a bad invocation throws (lib/cli/main.ts exits with the command's errorExitCode, 2). */
async function badInput(args: string[]): Promise<AppError> {
  const error = await runCommandInProcess(evaluate, args).catch((thrown: unknown) => thrown);
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "goldenset-evaluate-"));
  await importDocumentLabeledSet(database.prisma, {
    setName: "energy questions",
    corpusName: "energy",
    documents,
    queries: [
      ["q1", "solar", "d1"],
      ["q2", "tidal", "d3"],
      ["q3", "wind blades", "d2"],
    ],
  });
});

afterAll(async () => {
  await database.dispose();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe("goldenset evaluate", () => {
  it("runs a saved configuration through the app's run path and prints { runId, metrics } (exit 0)", async () => {
    const config = await configFile(
      "whole.json",
      `{"name": "bm25 whole documents", "chunking": {"strategy": "document", "prependTitle": true}, "retriever": {"kind": "bm25", "k1": 0.9, "b": 0.4}, "topK": 1000}`,
    );
    const result = await runCommandInProcess(evaluate, [
      "--set",
      "energy questions",
      "--config",
      config,
      "--mode",
      "document",
      "--json",
    ]);
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as { runId: string; metrics: Record<string, unknown> };
    expect(Object.keys(output)).toEqual(["runId", "metrics"]);
    // "solar" and "tidal" are only in titles: found because the title is indexed with the text
    expect(output.metrics).toMatchObject({ mrr: 1, evaluated: 3, excluded: 0, chunks: 3, queries: 3 });
    expect(output.metrics.judgments).toEqual({ policy: "any", modelJudgments: "ignore", modelLabels: 0 });
    expect(output.metrics.recall).toMatchObject({ "1": 1, "5": 1, "20": 1 });
    expect(output.metrics.ndcg).toMatchObject({ "10": 1 });

    // the run is the app's: stored with its configuration and job, its metrics as printed
    const run = await database.prisma.run.findUniqueOrThrow({
      where: { id: output.runId },
      include: { config: true, job: true },
    });
    expect(run).toMatchObject({ status: "succeeded", mode: "document", coverage: 1 });
    expect(run.job?.status).toBe("succeeded");
    expect(run.config.name).toBe("bm25 whole documents");
    expect(run.config.params).toMatchObject({ chunking: { strategy: "document", prependTitle: true } });
    expect(run.metrics).toEqual(output.metrics);
  });

  it("without the title, title-only words find nothing; the summary is readable (preset-free file, label mode)", async () => {
    const config = await configFile(
      "no-title.json",
      JSON.stringify({
        name: "bm25 text only",
        chunking: { strategy: "document" },
        retriever: { kind: "bm25" },
        topK: 10,
      }),
    );
    const result = await runCommandInProcess(evaluate, ["--set", "energy questions", "--config", config]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^run \S+: "bm25 text only" on "energy questions" \(label mode\)\n/);
    expect(result.stdout).toContain("BM25 k1=0.9 b=0.4 · whole documents · top 10");
    expect(result.stdout).toContain("3 queries evaluated");
    expect(result.stdout).toContain("\n  judgments: people only\n");
    expect(result.stdout).toMatch(/MRR {7}0\.3333/); // only "wind blades" matches the text
  });

  it("takes retrieve's presets by name", async () => {
    const result = await runCommandInProcess(evaluate, [
      "--set",
      "energy questions",
      "--config",
      "bm25",
      "--json",
    ]);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { metrics: { mrr: number } }).metrics.mrr).toBe(1);
  });

  it("exits 1 when the run fails, and says why", async () => {
    const missingRunFile = await configFile(
      "imported.json",
      JSON.stringify({
        name: "a lost run file",
        chunking: { strategy: "document" },
        retriever: { kind: "imported", file: { name: "gone.trec", sha256: "0".repeat(64), format: "trec" } },
        topK: 10,
      }),
    );
    const result = await runCommandInProcess(evaluate, [
      "--set",
      "energy questions",
      "--config",
      missingRunFile,
      "--json",
    ]);
    expect(result.code).toBe(1);
    const output = JSON.parse(result.stdout) as { runId: string; error: string };
    const run = await database.prisma.run.findUniqueOrThrow({ where: { id: output.runId } });
    expect(run.status).toBe("failed");
    expect(output.error).toBe(run.error);
  });

  it("bad input is a bad_request (exit 2): unknown set, invalid or unreadable configuration, bad mode", async () => {
    expect(evaluate.errorExitCode).toBe(2);
    expect((await badInput(["--set", "nope", "--config", "bm25"])).message).toContain(
      'no golden set named "nope" (there are "energy questions")',
    );
    const invalid = await configFile(
      "invalid.json",
      JSON.stringify({ name: "x", chunking: { strategy: "pages" }, retriever: { kind: "bm25" } }),
    );
    expect((await badInput(["--set", "energy questions", "--config", invalid])).message).toContain(
      "chunking.strategy",
    );
    const broken = await configFile("broken.json", '{"name": "x",\n "topK": }');
    expect((await badInput(["--set", "energy questions", "--config", broken])).message).toContain("line 2");
    expect((await badInput(["--set", "energy questions", "--config", "missing.json"])).message).toContain(
      "cannot read",
    );
    expect((await badInput(["--set", "energy questions", "--config", "bm42"])).message).toContain(
      "unknown preset",
    );
    const mode = await badInput(["--set", "energy questions", "--config", "bm25", "--mode", "chunk"]);
    expect(mode.message).toContain("--mode must be label or document");
    expect(mode.code).toBe("bad_request");
  });

  it("bin/goldenset exits 2 on an unknown set, with one line on stderr", () => {
    const result = runGoldensetSync(database.url, ["evaluate", "--set", "nope", "--config", "bm25"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('goldenset: no golden set named "nope"');
  }, 30_000);
});
