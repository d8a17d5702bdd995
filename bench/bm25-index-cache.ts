import { existsSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { defaultAnalyzer } from "@/lib/retrieval/analyzer-options";
import { Bm25Index } from "@/lib/retrieval/bm25-index";
import {
  decodeBm25Index,
  encodeBm25Index,
  readBm25IndexFile,
  writeBm25IndexFile,
} from "@/lib/retrieval/bm25-index-file";
import { Bm25IndexCache, bm25IndexKey } from "@/lib/runs/bm25-index-cache";
import { DATA_DIR, prepareBm25Corpus, readBm25Corpus } from "./bm25-corpus";

/**
 * What the on-disk BM25 index cache saves a run: building the index over bench/bm25.ts's chunks
 * against hashing the texts for the key, saving the file, and loading it (alone, and as a cache
 * hit: key + read + decode), in one process, as ratios to the build. Checks that the loaded index
 * answers SciFact's claims exactly as the built one.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { chunks: { type: "string", default: "200000" }, repeats: { type: "string", default: "5" } },
  });
  if (!existsSync(DATA_DIR)) {
    process.stdout.write(`skipped: ${DATA_DIR} is absent\n`);
    return;
  }
  const { chunks, queries } = readBm25Corpus(prepareBm25Corpus(Number(values.chunks)));
  const repeats = Number(values.repeats);
  const params = { k1: 0.9, b: 0.4 };
  const directory = await mkdtemp(join(tmpdir(), "goldenset-bench-bm25-index-cache-"));
  try {
    const buildMs = time(() => Bm25Index.build({ texts: chunks, params }));
    const built = Bm25Index.build({ texts: chunks, params });
    const request = { texts: chunks, params, analyzer: defaultAnalyzer };
    const file = join(directory, "index.bm25");
    const encoded = encodeBm25Index(built);
    const rows: [string, number][] = [
      ["build (first in the process)", buildMs],
      [
        "build (analyzer memo warm)",
        median(repeats, () => time(() => Bm25Index.build({ texts: chunks, params }))),
      ],
      ["key: sha256 of the chunk texts", median(repeats, () => time(() => bm25IndexKey(request)))],
      ["encode to bytes", median(repeats, () => time(() => encodeBm25Index(built)))],
      [
        "save: encode + write + rename",
        await medianAsync(repeats, () => timeAsync(() => writeBm25IndexFile({ path: file, index: built }))),
      ],
      ["decode from bytes", median(repeats, () => time(() => decodeBm25Index(encoded)))],
      ["load: read + decode", await medianAsync(repeats, () => timeAsync(() => readBm25IndexFile(file)))],
    ];
    const cache = new Bm25IndexCache({ directory: join(directory, "cache") });
    await cache.getOrBuild({ ...request, build: () => built });
    let loaded: Bm25Index | undefined;
    rows.push([
      "cache hit: key + load",
      await medianAsync(repeats, () =>
        timeAsync(async () => {
          const result = await cache.getOrBuild({ ...request, build: () => built });
          if (!result.hit) throw new Error("expected a cache hit");
          loaded = result.index;
        }),
      ),
    ]);
    const fileBytes = (await stat(file)).size;
    const identical = queries.every(
      (query) => JSON.stringify(loaded?.search(query, 100)) === JSON.stringify(built.search(query, 100)),
    );

    process.stdout.write(
      `${chunks.length.toLocaleString("en")} chunks; file ${(fileBytes / 2 ** 20).toFixed(1)} MB ` +
        `(${(fileBytes / chunks.length).toFixed(0)} bytes a chunk); medians of ${repeats} except the first build\n`,
    );
    const warmBuildMs = rows[1]?.[1] ?? Number.NaN;
    process.stdout.write("step                                  ms   × first build   × warm build\n");
    for (const [label, ms] of rows) {
      const ratios = `${(ms / buildMs).toFixed(3).padStart(13)}${(ms / warmBuildMs).toFixed(3).padStart(15)}`;
      process.stdout.write(`${label.padEnd(34)}${ms.toFixed(0).padStart(8)}${ratios}\n`);
    }
    process.stdout.write(
      `top-100 hits of ${queries.length} claims identical after loading: ${identical ? "yes" : "NO"}\n`,
    );
    if (!identical) process.exitCode = 1;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

function time(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

async function timeAsync(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

function median(count: number, measure: () => number): number {
  const values = Array.from({ length: count }, measure).sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)] ?? Number.NaN;
}

async function medianAsync(count: number, measure: () => Promise<number>): Promise<number> {
  const values: number[] = [];
  for (let round = 0; round < count; round++) values.push(await measure());
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)] ?? Number.NaN;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
