import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { Bm25Index } from "@/lib/retrieval/bm25-index";
import { prepareBm25Corpus, readBm25Corpus } from "./bm25-corpus";

/**
 * BM25 build and query latency, ours against minisearch, wink-bm25-text-search and @orama/orama on
 * the same ~120-character chunks of ../shared/data (SciFact, CACM, Cranfield), SciFact's claims as
 * queries. Each engine runs in its own child process (`--child ENGINE`) so that heap and peak RSS
 * are its own. Peers use their own default text processing; ours runs Anserini's analyzer.
 */
const ENGINES = ["goldenset", "minisearch", "wink-bm25-text-search", "@orama/orama"] as const;
type Engine = (typeof ENGINES)[number];
type Measurement = {
  engine: Engine;
  chunks: number;
  buildMs: number;
  heapMb: number;
  peakRssMb: number;
  queries: number;
  medianMs: number;
  p95Ms: number;
};
type SearchEngine = { search(query: string): unknown };

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      chunks: { type: "string", default: "200000" },
      "peer-queries": { type: "string", default: "20" },
      child: { type: "string" },
      dir: { type: "string" },
    },
  });
  if (values.child !== undefined && values.dir !== undefined) {
    const measurement = await measureEngine(
      values.child as Engine,
      values.dir,
      Number(values["peer-queries"]),
    );
    process.stdout.write(`${JSON.stringify(measurement)}\n`);
    return;
  }
  const chunkCount = Number(values.chunks);
  const dir = prepareBm25Corpus(chunkCount);
  process.stdout.write(`corpus: ${chunkCount.toLocaleString("en")} chunks in ${dir}\n`);
  const results: Measurement[] = [];
  for (const engine of ENGINES) {
    const result = await runChild(engine, dir, values["peer-queries"] ?? "20");
    if (result) results.push(result);
  }
  printTable(results);
}

async function measureEngine(engine: Engine, dir: string, peerQueries: number): Promise<Measurement> {
  const { chunks, queries: allQueries } = readBm25Corpus(dir);
  // Peers are 10–1000× slower per query; a sample keeps their run short.
  const queries = engine === "goldenset" ? allQueries : allQueries.slice(0, peerQueries);
  const heapBefore = settledHeap();
  const started = performance.now();
  const index = await buildEngine(engine, chunks);
  const buildMs = performance.now() - started;
  const heapMb = (settledHeap() - heapBefore) / 2 ** 20;
  for (const query of queries.slice(0, 10)) await index.search(query); // warm-up
  const latencies: number[] = [];
  for (const query of queries) {
    const queryStarted = performance.now();
    await index.search(query);
    latencies.push(performance.now() - queryStarted);
  }
  latencies.sort((a, b) => a - b);
  return {
    engine,
    chunks: chunks.length,
    buildMs,
    heapMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    queries: queries.length,
    medianMs: latencies[Math.floor(latencies.length / 2)] ?? Number.NaN,
    p95Ms: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.95))] ?? Number.NaN,
  };
}

/** Each engine indexes the chunks and answers a query with its 10 best. */
async function buildEngine(engine: Engine, chunks: string[]): Promise<SearchEngine> {
  if (engine === "goldenset") {
    const index = Bm25Index.build({ texts: chunks });
    return { search: (query) => index.search(query, 10) };
  }
  if (engine === "minisearch") {
    const { default: MiniSearch } = await import("minisearch");
    const index = new MiniSearch<{ id: number; text: string }>({ fields: ["text"] });
    index.addAll(chunks.map((text, id) => ({ id, text })));
    return { search: (query) => index.search(query).slice(0, 10) };
  }
  if (engine === "wink-bm25-text-search") {
    type Wink = {
      defineConfig(config: object): void;
      definePrepTasks(tasks: ((input: string) => string[])[]): void;
      addDoc(document: { text: string }, id: number): void;
      consolidate(): void;
      search(query: string, limit: number): unknown;
    };
    const createWink = require("wink-bm25-text-search") as () => Wink;
    const index = createWink();
    index.defineConfig({ fldWeights: { text: 1 }, bm25Params: { k1: 0.9, b: 0.4 } });
    // wink ships no tokenizer (wink-nlp-utils is separate): lowercase Unicode words.
    index.definePrepTasks([
      (input) =>
        input
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u)
          .filter(Boolean),
    ]);
    chunks.forEach((text, id) => {
      index.addDoc({ text }, id);
    });
    index.consolidate();
    return { search: (query) => index.search(query, 10) };
  }
  const { create, insert, search } = await import("@orama/orama");
  const database = create({ schema: { text: "string" } as const });
  for (const text of chunks) await insert(database, { text });
  return { search: (query) => search(database, { term: query, limit: 10 }) };
}

function settledHeap(): number {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect) {
    collect();
    collect();
  }
  // Typed arrays keep their data outside the JS heap, in ArrayBuffers: count both.
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** Runs one engine in a child with --expose-gc; a peer that fails or runs > 10 min is reported. */
function runChild(engine: Engine, dir: string, peerQueries: string): Promise<Measurement | null> {
  return new Promise((resolve) => {
    const args = ["--expose-gc", "--max-old-space-size=8192", "--import", "tsx", __filename];
    const child = spawn(
      process.execPath,
      [...args, "--child", engine, "--dir", dir, "--peer-queries", peerQueries],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let output = "";
    child.stdout.on("data", (data: Buffer) => {
      output += data.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 600_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code !== 0) process.stdout.write(`${engine}: failed or timed out (exit ${code})\n`);
      resolve(code === 0 ? (JSON.parse(output.trim().split("\n").pop() ?? "null") as Measurement) : null);
    });
  });
}

function printTable(results: Measurement[]): void {
  const ours = results.find((result) => result.engine === "goldenset");
  const ratio = (value: number, base: number | undefined) =>
    base === undefined || base === 0 ? "" : ` (${(value / base).toFixed(1)}×)`;
  process.stdout.write(
    "engine                  build s        heap MB      peak RSS MB   median ms          p95 ms   queries\n",
  );
  for (const result of results) {
    const cells = [
      result.engine.padEnd(22),
      `${(result.buildMs / 1000).toFixed(2)}${ratio(result.buildMs, ours?.buildMs)}`.padStart(14),
      `${result.heapMb.toFixed(0)}${ratio(result.heapMb, ours?.heapMb)}`.padStart(13),
      `${result.peakRssMb.toFixed(0)}${ratio(result.peakRssMb, ours?.peakRssMb)}`.padStart(14),
      `${result.medianMs.toFixed(2)}${ratio(result.medianMs, ours?.medianMs)}`.padStart(14),
      `${result.p95Ms.toFixed(2)}${ratio(result.p95Ms, ours?.p95Ms)}`.padStart(16),
      String(result.queries).padStart(9),
    ];
    process.stdout.write(`${cells.join(" ")}\n`);
  }
  process.stdout.write("ratios are each engine's figure over ours (higher = slower / bigger than ours)\n");
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
