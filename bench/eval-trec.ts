import { spawn } from "node:child_process";
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { generateTrecPair } from "./generate-trec-pair";

// trec_eval 9.0.7 on the same kind of files (10,000 queries × 1,000 documents, 355 MB of run),
// as measured by the author of issue 3 on this machine type; trec_eval is not installed here.
const TREC_EVAL_SECONDS = 20;
const TREC_EVAL_PEAK_MB = 850;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      queries: { type: "string", default: "10000" },
      depth: { type: "string", default: "1000" },
      seed: { type: "string", default: "20240603" },
      ungrouped: { type: "boolean", default: false },
    },
  });
  const queryCount = Number(values.queries);
  const depth = Number(values.depth);
  const seed = Number(values.seed);
  const grouped = !values.ungrouped;

  // Generated once per parameter set into the OS temp dir (never committed), then reused.
  const dir = join(
    tmpdir(),
    `goldenset-bench-eval-trec-${queryCount}x${depth}-seed${seed}-${grouped ? "grouped" : "ungrouped"}`,
  );
  const qrelsPath = join(dir, "qrels.txt");
  const runPath = join(dir, "run.txt");
  if (!existsSync(join(dir, "complete"))) {
    mkdirSync(dir, { recursive: true });
    const started = performance.now();
    generateTrecPair({ qrelsPath, runPath, queryCount, depth, seed, grouped });
    writeFileSync(join(dir, "complete"), "");
    console.log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const runBytes = statSync(runPath).size;
  const runLines = queryCount * depth;
  console.log(
    `run   ${runPath}: ${runLines.toLocaleString("en")} lines, ${(runBytes / 1e6).toFixed(0)} MB, ${grouped ? "grouped by query" : "ungrouped (rank by rank)"}`,
  );
  console.log(`qrels ${qrelsPath}: ${(statSync(qrelsPath).size / 1e6).toFixed(1)} MB`);

  // The CLI code path in a fresh process: `goldenset eval-trec QRELS RUN -q -m all_trec`, output discarded.
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(__dirname, "eval-trec-child.ts"), qrelsPath, runPath, "-q", "-m", "all_trec"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exitCode = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const seconds = (performance.now() - started) / 1000;
  const report = /\{"maxRssKb":\d+\}/.exec(stderr);
  if (exitCode !== 0 || !report) {
    console.error(`eval-trec failed (exit ${exitCode}):\n${stderr}`);
    process.exit(1);
  }
  const peakMb = (JSON.parse(report[0]) as { maxRssKb: number }).maxRssKb / 1024;

  const timeRatio = seconds / TREC_EVAL_SECONDS;
  const memoryRatio = peakMb / TREC_EVAL_PEAK_MB;
  console.log(
    `wall time   ${seconds.toFixed(2)} s  (${Math.round(runLines / seconds).toLocaleString("en")} lines/s, ${(runBytes / 1e6 / seconds).toFixed(0)} MB/s)`,
  );
  console.log(`peak RSS    ${peakMb.toFixed(0)} MB`);
  console.log(
    `vs trec_eval (${TREC_EVAL_SECONDS} s, ${TREC_EVAL_PEAK_MB} MB, measured by the issue's author; not installed here): ` +
      `time ${timeRatio.toFixed(2)}×, memory ${memoryRatio.toFixed(2)}×  (target ≤ 0.50× each: ${timeRatio <= 0.5 && memoryRatio <= 0.5 ? "met" : "NOT met"})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
