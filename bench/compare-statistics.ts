import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { compareRuns, type PerQueryValues } from "@/lib/eval/compare-runs";
import { pairedRandomizationTest } from "@/lib/eval/statistics/paired-randomization-test";
import { createSeededRandom, DEFAULT_SEED } from "@/lib/eval/statistics/seeded-random";
import { compareTrecFiles } from "@/lib/eval/trec/compare-trec-files";

// Issue 11's speed target for the statistics behind the comparison page and `goldenset compare`:
// the randomization test with 10,000 permutations over 200 queries × 6 runs × 4 metrics in
// under 1 s. Prints the time and ratios against two peers timed in the same process: the loop
// the test had before (a branch per sign, same results) and a minimal typed-array loop doing the
// same number of sign-flip sums (the floor); then the whole compareRuns and `goldenset compare`
// end to end on generated TREC files. See bench/README.md.

const { values: args } = parseArgs({
  options: {
    queries: { type: "string", default: "200" },
    runs: { type: "string", default: "6" },
    metrics: { type: "string", default: "4" },
    permutations: { type: "string", default: "10000" },
    repeats: { type: "string", default: "5" },
  },
});
const queryCount = Number(args.queries);
const runCount = Number(args.runs);
const metricCount = Number(args.metrics);
const permutations = Number(args.permutations);
const repeats = Number(args.repeats);

/**
 * Per-query values like a metric's: in [0, 1], a third of the queries unchanged between runs
 * (ties), the rest moved by up to ±0.3 with a small per-run drift.
 */
function generateRuns(): { baseline: PerQueryValues; runs: { name: string; values: PerQueryValues }[] } {
  const random = createSeededRandom(11);
  const metrics = Array.from({ length: metricCount }, (_, index) => `metric_${index + 1}`);
  const baselineRows = Array.from({ length: queryCount }, () =>
    Object.fromEntries(metrics.map((metric) => [metric, random()])),
  );
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  const baseline = new Map(baselineRows.map((row, query) => [`q${query}`, row]));
  const runs = Array.from({ length: runCount }, (_, run) => ({
    name: `run-${run + 1}`,
    values: new Map(
      baselineRows.map((row, query) => [
        `q${query}`,
        Object.fromEntries(
          metrics.map((metric) => [
            metric,
            random() < 1 / 3 ? row[metric]! : clamp(row[metric]! + (random() - 0.5) * 0.6 + 0.01 * run),
          ]),
        ),
      ]),
    ),
  }));
  return { baseline, runs };
}

/** The randomization test's Monte Carlo loop as it was before: `bit ? −x : x`, a branch per sign. */
function branchingRandomizationTest(differences: number[], seed: number): number {
  const observedSum = differences.reduce((sum, value) => sum + value, 0);
  const threshold =
    Math.abs(observedSum) - 1e-12 * differences.reduce((sum, value) => sum + Math.abs(value), 0);
  const random = createSeededRandom(seed);
  let extreme = 0;
  for (let draw = 0; draw < permutations; draw++) {
    let sum = 0;
    let bits = 0;
    for (let index = 0; index < differences.length; index++) {
      if (index % 32 === 0) bits = random() * 2 ** 32;
      const value = differences[index] ?? 0;
      sum += (bits >>> (index % 32)) & 1 ? -value : value;
    }
    if (Math.abs(sum) >= threshold) extreme += 1;
  }
  return (extreme + 1) / (permutations + 1);
}

/**
 * The floor: the same number of sign-flip sums over a Float64Array, signs from one precomputed
 * table of random words (no generator in the loop), no threshold logic beyond a compare.
 */
function minimalSignFlipLoop(differences: Float64Array, signWords: Uint32Array): number {
  let extreme = 0;
  const words = Math.ceil(differences.length / 32);
  for (let draw = 0; draw < permutations; draw++) {
    let sum = 0;
    for (let word = 0; word < words; word++) {
      let bits = signWords[(draw * words + word) % signWords.length]!;
      const end = Math.min((word + 1) * 32, differences.length);
      for (let index = word * 32; index < end; index++) {
        sum += differences[index]! * (1 - 2 * (bits & 1));
        bits >>>= 1;
      }
    }
    if (sum > 0) extreme += 1;
  }
  return extreme;
}

/** Median wall time of `repeats` calls after one warm-up call, in ms. */
async function timeAsync(work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let repeat = 0; repeat < repeats; repeat++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

/** Median wall time of `repeats` calls after one warm-up call, in ms. */
function time(work: () => unknown): number {
  work();
  const times: number[] = [];
  for (let repeat = 0; repeat < repeats; repeat++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

async function main(): Promise<void> {
  const { baseline, runs } = generateRuns();
  const metrics = Object.keys(baseline.get("q0")!);
  const differenceSets = runs.flatMap((run) =>
    metrics.map((metric) =>
      [...baseline.keys()].map(
        (queryId) => run.values.get(queryId)![metric]! - baseline.get(queryId)![metric]!,
      ),
    ),
  );
  const typedSets = differenceSets.map((differences) => Float64Array.from(differences));
  const signRandom = createSeededRandom(5);
  const signWords = Uint32Array.from({ length: 1 << 16 }, () => signRandom() * 2 ** 32);

  const optimizedP = differenceSets.map(
    (differences) => pairedRandomizationTest({ differences, permutations, seed: DEFAULT_SEED }).pValue,
  );
  const branchingP = differenceSets.map((differences) =>
    branchingRandomizationTest(differences, DEFAULT_SEED),
  );
  const identical = optimizedP.every((p, index) => p === branchingP[index]);

  const tests = differenceSets.length;
  const signFlips = tests * permutations * queryCount;
  const randomization = time(() => {
    for (const differences of differenceSets) pairedRandomizationTest({ differences, permutations });
  });
  const branching = time(() => {
    for (const differences of differenceSets) branchingRandomizationTest(differences, DEFAULT_SEED);
  });
  const floor = time(() => {
    for (const differences of typedSets) minimalSignFlipLoop(differences, signWords);
  });
  const wholeComparison = time(() => compareRuns({ baseline, runs, measures: metrics, permutations }));

  // End to end on files, as `goldenset compare` runs: qrels and 7 runs of 100 documents per query
  // (written into the OS temp dir), read and evaluated as eval-trec -c, then compared.
  const dir = mkdtempSync(join(tmpdir(), "goldenset-bench-compare-"));
  const fileRandom = createSeededRandom(17);
  let qrelsText = "";
  for (let query = 0; query < queryCount; query++) {
    for (let document = 0; document < 20; document++)
      qrelsText += `q${query} 0 d${query}-${document * 5} ${Math.floor(fileRandom() * 3)}\n`;
  }
  writeFileSync(join(dir, "qrels.txt"), qrelsText);
  const runPaths = Array.from({ length: runCount + 1 }, (_, run) => {
    let text = "";
    for (let query = 0; query < queryCount; query++) {
      for (let rank = 0; rank < 100; rank++)
        text += `q${query} Q0 d${query}-${Math.floor(fileRandom() * 200)}-${rank} ${rank + 1} ${(100 - rank + fileRandom()).toFixed(3)} run${run}\n`;
    }
    const path = join(dir, `run-${run}.txt`);
    writeFileSync(path, text);
    return path;
  });
  const endToEnd = await timeAsync(() =>
    compareTrecFiles({
      qrelsPath: join(dir, "qrels.txt"),
      baselinePath: runPaths[0]!,
      runPaths: runPaths.slice(1),
      measures: ["ndcg_cut.10", "recip_rank", "recall.100", "map"],
      permutations,
    }),
  );
  rmSync(dir, { recursive: true, force: true });

  const row = (label: string, ms: number, ratio: string, note = "") =>
    console.log(
      `${label.padEnd(62)}${ms.toFixed(0).padStart(6)} ms  ${ratio.padStart(6)}  ${note}`.trimEnd(),
    );
  const ratio = (ms: number) => `${(ms / randomization).toFixed(2)}×`;
  console.log(
    `${queryCount} queries × ${runCount} runs × ${metricCount} metrics = ${tests} paired tests, ` +
      `${permutations.toLocaleString("en")} permutations each: ${(signFlips / 1e6).toFixed(0)}M sign flips; median of ${repeats}`,
  );
  row(
    "randomization tests (pairedRandomizationTest)",
    randomization,
    "1.00×",
    `target < 1,000 ms: ${randomization < 1000 ? "met" : "NOT met"}`,
  );
  row(
    "  the loop before (a branch per sign)",
    branching,
    ratio(branching),
    `same p-values: ${identical ? "yes" : "NO"}`,
  );
  row("  minimal typed-array loop, same sign flips", floor, ratio(floor));
  row("compareRuns (tests + 2,000-resample bootstrap CIs + Holm)", wholeComparison, ratio(wholeComparison));
  row("goldenset compare on files (read, eval-trec -c, compareRuns)", endToEnd, ratio(endToEnd));
  if (!identical) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
