import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, renameSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { saveQueryLog } from "@/lib/db/query-logs";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { hashFile } from "@/lib/exchange/hash-file";
import { classifierForEntries } from "@/lib/logs/classifier-for-entries";
import { openLogStream } from "@/lib/logs/open-log-stream";
import { readLog } from "@/lib/logs/read-log";

// Query-log import at scale: generates plain-text logs (seeded) into $TMPDIR, then imports each
// in a child process (readLog → classification → saveQueryLog into a fresh SQLite test DB) and
// prints lines/s per stage, distinct queries and peak RSS. See bench/README.md.

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    child: { type: "string" },
    lines: { type: "string", default: "1000000" },
    seed: { type: "string", default: "1" },
  },
});

type Report = {
  lines: number;
  distinct: number;
  readSeconds: number;
  classifySeconds: number;
  saveSeconds: number;
  mergeSeconds: number;
  peakRssMb: number;
  maxRssMb: number;
  /** RSS after each stage, MB */
  stages: Record<string, number>;
};

/** A deterministic PRNG (mulberry32) so that every run imports the same logs. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ACCENTED = ["café", "über", "niño", "señal", "müller", "résumé", "año", "grüße", "déjà", "jalapeño"];

/**
 * `lines` queries, one a line. Each line is, with probability `freshShare`, a new query (1–12
 * words, mostly 2–4, from a 20,000-word vocabulary drawn Zipf-like), else a repeat of an earlier
 * query picked log-uniformly by age (early queries are the popular ones), sometimes capitalized
 * differently (a new variant). ~1% of lines carry é/ü/ñ words written as Latin-1 single bytes.
 */
function generateLog(path: string, options: { lines: number; freshShare: number; seed: number }): void {
  const next = random(options.seed);
  const syllables = [
    "ra",
    "id",
    "fan",
    "tor",
    "mo",
    "dul",
    "sen",
    "ex",
    "pro",
    "ver",
    "lin",
    "ka",
    "zu",
    "pel",
    "net",
    "disk",
  ];
  const vocabulary = Array.from({ length: 20_000 }, (_, index) => {
    let word = "";
    for (let n = index + 1; n > 0; n = Math.floor(n / syllables.length))
      word += syllables[n % syllables.length];
    return word;
  });
  const word = () => vocabulary[Math.floor(Math.exp(next() * Math.log(vocabulary.length))) - 1]!;
  const queries: string[] = [];
  const seen = new Set<string>();
  const out = openSync(`${path}.partial`, "w");
  const pending: Buffer[] = [];
  let pendingBytes = 0;
  for (let line = 0; line < options.lines; line++) {
    let text: string;
    if (queries.length === 0 || next() < options.freshShare) {
      // A fresh query is new: short ones collide often, so draw again (up to 20 times).
      for (let attempt = 0; ; attempt++) {
        const length = Math.min(12, 1 + Math.floor(-Math.log(1 - next()) * 2.2));
        const words = Array.from({ length }, word);
        if (next() < 0.02)
          words[Math.floor(next() * length)] = ACCENTED[Math.floor(next() * ACCENTED.length)]!;
        text = words.join(" ");
        if (!seen.has(text) || attempt === 20) break;
      }
      seen.add(text);
      queries.push(text);
    } else {
      text = queries[Math.floor(Math.exp(next() * Math.log(queries.length + 1))) - 1]!;
      if (next() < 0.05) text = text.charAt(0).toUpperCase() + text.slice(1);
    }
    const latin1 = /[éüñß]/.test(text) && next() < 0.5;
    const bytes = Buffer.from(`${text}\n`, latin1 ? "latin1" : "utf8");
    pending.push(bytes);
    pendingBytes += bytes.length;
    if (pendingBytes > 1 << 20) {
      writeSync(out, Buffer.concat(pending));
      pending.length = 0;
      pendingBytes = 0;
    }
  }
  writeSync(out, Buffer.concat(pending));
  closeSync(out);
  renameSync(`${path}.partial`, path);
}

async function runParent(lines: number, seed: number): Promise<void> {
  const directory = join(tmpdir(), "goldenset-bench-import-log");
  mkdirSync(directory, { recursive: true });
  const cases = [
    { label: `${(lines / 4).toLocaleString("en")} lines, 30% repeats`, lines: lines / 4, freshShare: 0.7 },
    { label: `${lines.toLocaleString("en")} lines, 30% repeats`, lines, freshShare: 0.7 },
    { label: `${lines.toLocaleString("en")} lines, 82.5% repeats`, lines, freshShare: 0.175 },
  ];
  const reports: (Report & { label: string })[] = [];
  for (const logCase of cases) {
    const file = join(directory, `log-${logCase.lines}-${logCase.freshShare}-${seed}.txt`);
    if (!existsSync(file)) {
      const started = performance.now();
      generateLog(file, { ...logCase, seed });
      console.error(`generated ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    reports.push({ label: logCase.label, ...(await runInChild(file)) });
  }
  const base = reports[0]!;
  const heapAfterSave = (report: Report) => report.stages["saved heap"] ?? 0;
  console.log(
    "| log | distinct | read | classify | save (new rows) | total | merge (same queries again) | peak RSS | JS heap kept after save |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const report of reports) {
    const seconds = (value: number) => `${value.toFixed(1)} s`;
    const linesPerSecond = (value: number) =>
      `${Math.round(report.lines / value / 1000).toLocaleString("en")}k lines/s`;
    const rowsPerSecond = (value: number) => `${Math.round(report.distinct / value / 1000)}k rows/s`;
    const total = report.readSeconds + report.classifySeconds + report.saveSeconds;
    console.log(
      [
        report.label,
        report.distinct.toLocaleString("en"),
        `${seconds(report.readSeconds)} (${linesPerSecond(report.readSeconds)})`,
        `${seconds(report.classifySeconds)} (${rowsPerSecond(report.classifySeconds)})`,
        `${seconds(report.saveSeconds)} (${linesPerSecond(report.saveSeconds)}, ${rowsPerSecond(report.saveSeconds)})`,
        `${seconds(total)} (${linesPerSecond(total)})`,
        `${seconds(report.mergeSeconds)} (${rowsPerSecond(report.mergeSeconds)})`,
        `${report.peakRssMb} MB (${(report.peakRssMb / base.peakRssMb).toFixed(2)}×; kernel max ${Math.round(report.maxRssMb)} MB)`,
        `${heapAfterSave(report)} MB (${(heapAfterSave(report) / heapAfterSave(base)).toFixed(2)}×)`,
      ]
        .join(" | ")
        .replace(/^/, "| ")
        .concat(" |"),
    );
  }
}

function runInChild(file: string): Promise<Report> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", __filename, "--child", file], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("close", (code) => {
      if (code === 0) resolve(JSON.parse(output) as Report);
      else reject(new Error(`child for ${file} exited with ${code}`));
    });
  });
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

/** One import, timed by stage, with the RSS peak and what each stage leaves on the JS heap. */
async function runChild(file: string): Promise<void> {
  const sampler = startRssSampler();
  const stages: Record<string, number> = {};
  // RSS as it is, then the JS heap still reachable after a full GC (what the stage retains).
  const mark = (stage: string) => {
    stages[`${stage} rss`] = Math.round(process.memoryUsage.rss() / 2 ** 20);
    (globalThis as { gc?: () => void }).gc?.();
    stages[`${stage} heap`] = Math.round(process.memoryUsage().heapUsed / 2 ** 20);
  };
  mark("start");
  const database = createTestDatabase();
  let started = performance.now();
  const { entries, summary } = await readLog(openLogStream(file), { format: "text" });
  const readSeconds = (performance.now() - started) / 1000;
  mark("read");
  // Classification runs inside saveQueryLog, as in the job; its time is summed here.
  started = performance.now();
  const classifier = classifierForEntries(entries);
  let classifyMs = performance.now() - started;
  const classify = (query: { normalized: string; display: string }) => {
    const begin = performance.now();
    const classes = classifier(query);
    classifyMs += performance.now() - begin;
    return classes;
  };
  const contentHash = await hashFile(file);
  started = performance.now();
  const base = { name: "bench", fileName: "log.txt", format: "text", entries, summary, classify };
  await saveQueryLog(database.prisma, { ...base, contentHash });
  const saveSeconds = (performance.now() - started) / 1000 - classifyMs / 1000;
  const classifySeconds = classifyMs / 1000;
  mark("saved");
  // The same queries as a second log: every row takes the batched merge path.
  classifyMs = 0;
  started = performance.now();
  await saveQueryLog(database.prisma, { ...base, contentHash: `${contentHash}-again` });
  const mergeSeconds = (performance.now() - started) / 1000 - classifyMs / 1000;
  mark("merged");
  const peakRssMb = sampler.peakMb();
  await sampler.stop();
  await database.dispose();
  const report: Report = {
    lines: summary.lines,
    distinct: summary.unique,
    readSeconds,
    classifySeconds,
    saveSeconds,
    mergeSeconds,
    peakRssMb,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    stages,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

if (values.child) void runChild(values.child);
else void runParent(Number(values.lines), Number(values.seed));
