import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { stageQueryLog } from "@/lib/db/import-query-log";
import { saveQueryLog } from "@/lib/db/query-logs";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { openLogStream } from "@/lib/logs/open-log-stream";
import { generateLog } from "./generate-query-log";

// Query-log import at scale against Python measured in the same run: generates plain-text logs
// (seeded) into $TMPDIR and, for each, runs the 15-line script
// (bench/import-log-counter.py: NFC, lowercase, whitespace collapse, a Counter), imports the log
// in a child process the way the import-log job does (stageQueryLog → saveQueryLog into a fresh
// SQLite test database), then runs the heavier peer that normalizes like normalize-query.ts
// (bench/import-log-reference.py), and prints the import's ratio to both and the child's peak
// RSS. --runs N repeats the three back to back and reports medians (the machine is shared);
// --ten-million adds a 10M-line log (same shape). See bench/README.md.

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    child: { type: "string" },
    lines: { type: "string", default: "1000000" },
    runs: { type: "string", default: "1" },
    seed: { type: "string", default: "1" },
    "ten-million": { type: "boolean", default: false },
  },
});

type Report = {
  lines: number;
  distinct: number;
  /** read, normalize, count and merge batches into the stage */
  stageSeconds: number;
  /** CPU seconds (user + system, all threads) of staging and of the save with classification */
  stageCpuSeconds: number;
  saveCpuSeconds: number;
  classifySeconds: number;
  /** the save transaction, classification excluded */
  saveSeconds: number;
  totalSeconds: number;
  /** sampled every 100 ms from a worker thread, and the kernel's figure for the process */
  peakRssMb: number;
  maxRssMb: number;
};

type Timed = { wallSeconds: number; cpuSeconds: number; maxRssMb: number };

/** Runs a command under /usr/bin/time: wall and CPU seconds and the kernel's peak RSS. */
function runTimed(command: string[]): Promise<Timed & { stdout: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn("/usr/bin/time", ["-f", "TIME %U %S %M", ...command], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("close", (code) => {
      const wallSeconds = (performance.now() - started) / 1000;
      const timing = /TIME ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
      if (code !== 0 || !timing)
        return reject(new Error(`${command.join(" ")} exited with ${code}: ${stderr}`));
      const [, user, system, maxKb] = timing.map(Number) as [number, number, number, number];
      resolve({ wallSeconds, cpuSeconds: user + system, maxRssMb: maxKb / 1024, stdout });
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

type Measured = { counter: Timed; reference: Timed; import: Timed; report: Report };

/** One round on one log: the Counter script, the import, the heavier reference, back to back. */
async function measureOnce(file: string): Promise<Measured> {
  const counter = await runTimed(["python3", join(__dirname, "import-log-counter.py"), file]);
  const timed = await runTimed([process.execPath, "--import", "tsx", __filename, "--child", file]);
  const reference = await runTimed(["python3", join(__dirname, "import-log-reference.py"), file]);
  const report = JSON.parse(timed.stdout) as Report;
  if (Number(reference.stdout.trim()) !== report.distinct)
    console.error(
      `note: the reference counted ${reference.stdout.trim()} distinct queries, the import ${report.distinct}`,
    );
  return { counter, reference, import: timed, report };
}

/** Medians over rounds, field by field (each figure's own median). */
function medianOf(rounds: Measured[]): Measured {
  const timed = (pick: (round: Measured) => Timed): Timed => ({
    wallSeconds: median(rounds.map((round) => pick(round).wallSeconds)),
    cpuSeconds: median(rounds.map((round) => pick(round).cpuSeconds)),
    maxRssMb: Math.max(...rounds.map((round) => pick(round).maxRssMb)),
  });
  const first = rounds[0]!.report;
  const report = Object.fromEntries(
    Object.keys(first).map((key) => [
      key,
      key.endsWith("RssMb")
        ? Math.max(...rounds.map((round) => round.report[key as keyof Report]))
        : median(rounds.map((round) => round.report[key as keyof Report])),
    ]),
  ) as Report;
  return {
    counter: timed((round) => round.counter),
    reference: timed((round) => round.reference),
    import: timed((round) => round.import),
    report,
  };
}

function formatRow(size: number, lines: number, measured: Measured, baseSeconds: number): string {
  const { counter, reference, report } = measured;
  const imported = measured.import;
  const seconds = (value: number) => `${value.toFixed(1)} s`;
  const ratio = (peer: Timed) =>
    `${(imported.wallSeconds / peer.wallSeconds).toFixed(1)}× (CPU ${(imported.cpuSeconds / peer.cpuSeconds).toFixed(1)}×)`;
  return [
    `${size.toLocaleString("en")} lines`,
    report.distinct.toLocaleString("en"),
    `${seconds(counter.wallSeconds)} (CPU ${seconds(counter.cpuSeconds)}, ${Math.round(counter.maxRssMb)} MB)`,
    `${seconds(report.stageSeconds)} / ${seconds(report.classifySeconds)} / ${seconds(report.saveSeconds)} (CPU ${seconds(report.stageCpuSeconds)} / ${seconds(report.saveCpuSeconds)})`,
    `${seconds(imported.wallSeconds)} (CPU ${seconds(imported.cpuSeconds)})`,
    `**${ratio(counter)}**`,
    `${seconds(reference.wallSeconds)}: ${ratio(reference)}`,
    `${(imported.wallSeconds / baseSeconds).toFixed(2)}× for ${(size / lines).toFixed(0)}× the lines`,
    `**${Math.round(report.maxRssMb)} MB** (sampled ${report.peakRssMb} MB)`,
  ].join(" | ");
}

async function runParent(options: { lines: number; seed: number; runs: number; tenMillion: boolean }) {
  const { lines, seed } = options;
  const directory = join(tmpdir(), "goldenset-bench-import-log");
  mkdirSync(directory, { recursive: true });
  const sizes = options.tenMillion ? [lines, 10 * lines] : [lines];
  const rows: string[] = [];
  let baseSeconds: number | undefined;
  for (const size of sizes) {
    const file = join(directory, `log-${size}-0.7-${seed}.txt`);
    if (!existsSync(file)) {
      const started = performance.now();
      generateLog(file, { lines: size, freshShare: 0.7, seed });
      console.error(`generated ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const rounds: Measured[] = [];
    for (let round = 0; round < options.runs; round++) rounds.push(await measureOnce(file));
    const measured = medianOf(rounds);
    baseSeconds ??= measured.import.wallSeconds;
    rows.push(formatRow(size, lines, measured, baseSeconds));
  }
  console.log(
    `| log | distinct | Counter script (the issue's reference) | import: read+stage / classify / save (CPU stage / save) | import total | import ÷ Counter script | heavier reference: import ÷ it | time vs the first log | import peak RSS |`,
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const row of rows) console.log(`| ${row} |`);
  if (options.runs > 1) console.log(`(medians of ${options.runs} rounds; peak RSS: the highest)`);
}

/**
 * Samples this process's RSS every 100 ms from a worker thread (the main thread can be busy for
 * seconds: better-sqlite3 is synchronous, so a save never yields to timers) into shared memory.
 */
function startRssSampler(): { peakMb: () => number; stop: () => Promise<number> } {
  const shared = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { workerData } = require("node:worker_threads");
     const peak = workerData;
     const sample = () => Atomics.store(peak, 0, Math.max(Atomics.load(peak, 0), Math.round(process.memoryUsage.rss() / 1048576)));
     sample();
     setInterval(sample, 100);`,
    { eval: true, workerData: shared },
  );
  return { peakMb: () => Atomics.load(shared, 0), stop: () => worker.terminate() };
}

/** One import as the import-log job runs it (importQueryLog's two steps, timed apart). */
async function runChild(file: string): Promise<void> {
  const sampler = startRssSampler();
  const database = createTestDatabase();
  const started = performance.now();
  const cpuSeconds = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  };
  const cpuStarted = cpuSeconds();
  const { stage, summary, classify } = await stageQueryLog({
    bytes: openLogStream(file),
    options: { format: "text" },
  });
  const stageSeconds = (performance.now() - started) / 1000;
  const stageCpuSeconds = cpuSeconds() - cpuStarted;
  let classifyMs = 0;
  const savingStarted = performance.now();
  await saveQueryLog(database.prisma, {
    name: "bench",
    fileName: "log.txt",
    format: "text",
    entries: stage.entries(),
    stage,
    summary,
    classify: (query) => {
      const begin = performance.now();
      const classes = classify(query);
      classifyMs += performance.now() - begin;
      return classes;
    },
  });
  stage.dispose();
  const totalSeconds = (performance.now() - started) / 1000;
  const report: Report = {
    lines: summary.lines,
    distinct: summary.unique,
    stageSeconds,
    stageCpuSeconds,
    saveCpuSeconds: cpuSeconds() - cpuStarted - stageCpuSeconds,
    classifySeconds: classifyMs / 1000,
    saveSeconds: (performance.now() - savingStarted - classifyMs) / 1000,
    totalSeconds,
    peakRssMb: sampler.peakMb(),
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  };
  await sampler.stop();
  await database.dispose();
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

if (values.child) void runChild(values.child);
else
  void runParent({
    lines: Number(values.lines),
    seed: Number(values.seed),
    runs: Number(values.runs),
    tenMillion: values["ten-million"] ?? false,
  });
