import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { retrieveCommand } from "@/lib/cli/retrieve-command";
import { evaluateTrecFiles } from "@/lib/eval/trec/evaluate-trec-files";
import { openBeirFolder } from "@/lib/exchange/read-beir";

/**
 * Anserini's BM25 "flat" regression on BEIR SciFact (k1 0.9, b 0.4, 1,000 hits, trec_eval -c):
 * nDCG@10 0.6789, R@100 0.9253, R@1000 0.9767. The data is not part of the repository; the test
 * skips when it is absent.
 */
const SCIFACT_DIR = join(process.cwd(), "..", "shared", "data", "scifact");
const hasScifact = existsSync(join(SCIFACT_DIR, "corpus.jsonl"));
if (!hasScifact) {
  console.warn(
    `SciFact parity test skipped: no BEIR SciFact at ${SCIFACT_DIR} (see ../shared/data/README.md)`,
  );
}

describe.skipIf(!hasScifact)("BM25 on SciFact matches Anserini", () => {
  let workDir = "";
  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it("reproduces nDCG@10 within 0.01 through `goldenset retrieve --config bm25`", async () => {
    workDir = await mkdtemp(join(tmpdir(), "goldenset-scifact-"));
    const runPath = join(workDir, "run.txt");
    const qrelsPath = join(workDir, "qrels.txt");
    const qrelLines: string[] = [];
    for await (const qrel of (await openBeirFolder(SCIFACT_DIR)).qrels("test")) {
      qrelLines.push(`${qrel.queryId} 0 ${qrel.documentId} ${qrel.grade}\n`);
    }
    await writeFile(qrelsPath, qrelLines.join(""));

    const exitCode = await retrieveCommand.run({
      values: {
        beir: SCIFACT_DIR,
        config: "bm25",
        out: runPath,
        split: "test",
        hits: "1000",
        "ignore-identical-ids": true,
      },
      positionals: [],
    });
    expect(exitCode).toBe(0);

    const evaluation = await evaluateTrecFiles({
      qrelsPath,
      runPath,
      averageOverAllQrels: true,
      measures: ["ndcg_cut.10", "recall.100,1000", "num_q"],
    });
    const measure = (name: string) => evaluation.summary[evaluation.names.indexOf(name)] ?? Number.NaN;
    console.info(
      `SciFact BM25: nDCG@10 ${measure("ndcg_cut_10").toFixed(4)} (Anserini 0.6789), ` +
        `R@100 ${measure("recall_100").toFixed(4)} (0.9253), R@1000 ${measure("recall_1000").toFixed(4)} (0.9767)`,
    );
    expect(measure("num_q")).toBe(300);
    expect(Math.abs(measure("ndcg_cut_10") - 0.6789)).toBeLessThanOrEqual(0.01);
  }, 60_000);
});
