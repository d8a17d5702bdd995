import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createEvaluateCommand } from "@/lib/cli/evaluate-command";
import { retrieveCommand } from "@/lib/cli/retrieve-command";
import { runCommandInProcess } from "@/lib/cli/testing/run-command-in-process";
import { importGoldenSetFile } from "@/lib/curation/golden-set-import";
import { importDocuments } from "@/lib/db/corpora";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { evaluateTrecFiles } from "@/lib/eval/trec/evaluate-trec-files";
import { openBeirFolder } from "@/lib/exchange/read-beir";
import { scifactSetFile } from "@/lib/runs/testing/scifact-set-file";
import { testRunServices } from "@/lib/runs/testing/test-run-services";

/**
 * Issue 13's parity: SciFact imported into a fresh database, a set of its test qrels (document
 * labels), and the app's document-mode BM25 over whole documents with titles — run by
 * `goldenset evaluate` through createRun and the job's executeRun — scores what `goldenset
 * retrieve --config bm25` + `eval-trec -c` scores on the same data, to 4 decimals. The data is
 * not part of the repository; the test skips when it is absent.
 */
const SCIFACT_DIR = join(process.cwd(), "..", "shared", "data", "scifact");
const hasScifact = existsSync(join(SCIFACT_DIR, "corpus.jsonl"));
if (!hasScifact) {
  console.warn(
    `SciFact document-mode parity test skipped: no BEIR SciFact at ${SCIFACT_DIR} (see ../shared/data/README.md)`,
  );
}

/** The held-out check's configuration, verbatim. */
const HELD_OUT_CONFIG = `{"name": "bm25 whole documents", "chunking": {"strategy": "document", "prependTitle": true}, "retriever": {"kind": "bm25", "k1": 0.9, "b": 0.4}, "topK": 1000}`;

describe.skipIf(!hasScifact)("SciFact: the app's document-mode BM25 equals retrieve + eval-trec", () => {
  const database = createTestDatabase();
  let workDir = "";
  afterAll(async () => {
    await database.dispose();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it("nDCG@10, MRR and recall@20 to 4 decimals", async () => {
    const started = Date.now();
    const { prisma } = database;
    workDir = await mkdtemp(join(tmpdir(), "goldenset-scifact-app-"));
    const source = await openBeirFolder(SCIFACT_DIR);
    await importDocuments(prisma, { corpusName: "scifact", documents: source.documents() });
    await importGoldenSetFile(prisma, { file: await scifactSetFile(prisma, source) });

    const configPath = join(workDir, "bm25-whole-documents.json");
    await writeFile(configPath, HELD_OUT_CONFIG);
    const evaluate = createEvaluateCommand({
      prisma: () => prisma,
      worker: { services: testRunServices() },
    });
    const app = await runCommandInProcess(evaluate, [
      "--set",
      "scifact test",
      "--config",
      configPath,
      "--mode",
      "document",
      "--json",
    ]);
    expect(app.code).toBe(0);
    const { metrics } = JSON.parse(app.stdout) as {
      metrics: {
        ndcg: Record<string, number>;
        mrr: number;
        recall: Record<string, number>;
        evaluated: number;
      };
    };
    const appSeconds = (Date.now() - started) / 1000;

    const runPath = join(workDir, "run.txt");
    const qrelsPath = join(workDir, "qrels.txt");
    const exitCode = await retrieveCommand.run({
      values: { beir: SCIFACT_DIR, config: "bm25", out: runPath, split: "test", "qrels-out": qrelsPath },
      positionals: [],
    });
    expect(exitCode).toBe(0);
    const trec = await evaluateTrecFiles({
      qrelsPath,
      runPath,
      averageOverAllQrels: true,
      measures: ["ndcg_cut.10", "recip_rank", "recall.20", "num_q"],
    });
    const measure = (name: string) => trec.summary[trec.names.indexOf(name)] ?? Number.NaN;
    console.info(
      `SciFact, app (document mode) vs retrieve + eval-trec -c: ` +
        `nDCG@10 ${metrics.ndcg["10"]?.toFixed(4)} / ${measure("ndcg_cut_10").toFixed(4)}, ` +
        `MRR ${metrics.mrr.toFixed(4)} / ${measure("recip_rank").toFixed(4)}, ` +
        `R@20 ${metrics.recall["20"]?.toFixed(4)} / ${measure("recall_20").toFixed(4)}; ` +
        `app side ${appSeconds.toFixed(1)} s, total ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(measure("num_q")).toBe(300);
    expect(metrics.evaluated).toBe(300);
    expect(metrics.ndcg["10"]).toBeCloseTo(measure("ndcg_cut_10"), 4);
    expect(metrics.mrr).toBeCloseTo(measure("recip_rank"), 4);
    expect(metrics.recall["20"]).toBeCloseTo(measure("recall_20"), 4);
  }, 180_000);
});
