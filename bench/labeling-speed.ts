import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { BENCH_USER, seedLabelingBench } from "./labeling-speed-seed";
import { requireProductionBuild, startAppServer } from "./load/app-server";

/**
 * Issue 12's speed targets, measured against the running app on loopback: with SciFact (5,183
 * documents) imported and a set of its 300 test queries whose candidates pool BM25 and two runs,
 *   - the labeling page of the next query with its pooled candidates: median < 150 ms, p95 < 400 ms;
 *   - full-text search of the corpus (GET /api/sets/{id}/search): < 50 ms.
 * Server time = the HTTP request (whole body read) after warm-up. Peer in the same run: GET
 * /api/health, the floor of a request through the app (session-free, no database work).
 * Needs `npx next build` first; skips when ../shared/data/scifact is absent.
 */
const root = path.resolve(import.meta.dirname, "..");

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scifact: { type: "string", default: path.resolve(root, "../shared/data/scifact") },
      port: { type: "string", default: "3316" },
      warmup: { type: "string", default: "20" },
    },
  });
  const scifact = values.scifact;
  if (!existsSync(path.join(scifact, "corpus.jsonl"))) {
    process.stdout.write(
      `skipped: no SciFact at ${scifact} (BEIR folder with corpus.jsonl, queries.jsonl, qrels/)\n`,
    );
    return;
  }
  requireProductionBuild(root);
  const seeded = await seedLabelingBench({
    dir: path.join(tmpdir(), "goldenset-bench-labeling-speed-v1"),
    scifact,
  });
  const server = await startAppServer({
    root,
    databaseUrl: seeded.databaseUrl,
    port: Number(values.port),
    worker: false,
  });
  const { base } = server;
  try {
    const cookie = await signIn(base);
    const get = (url: string) => timedGet(`${base}${url}`, cookie);
    const pageUrl = (queryId: string) => `/sets/${seeded.setId}/queries/${queryId}`;
    const searchUrl = (text: string) =>
      `/api/sets/${seeded.setId}/search?${new URLSearchParams({ q: text })}`;

    const warmup = Number(values.warmup);
    const firstMs = await get(pageUrl(seeded.queryIds[0] ?? "")); // builds the corpus index
    for (let index = 0; index < warmup; index++) {
      await get(pageUrl(seeded.queryIds[seeded.queryIds.length - 1 - index] ?? ""));
      await get(searchUrl(seeded.queryTexts[seeded.queryTexts.length - 1 - index] ?? ""));
      await get("/api/health");
    }

    const health: number[] = [];
    const pages: number[] = [];
    const searches: number[] = [];
    for (const [index, queryId] of seeded.queryIds.entries()) {
      health.push(await get("/api/health"));
      pages.push(await get(pageUrl(queryId)));
      searches.push(await get(searchUrl(seeded.queryTexts[index] ?? "")));
    }

    const floor = percentile(health, 0.5);
    const rows: [string, number[], string][] = [
      ["next query with its pooled candidates (page)", pages, "< 150 / < 400"],
      ["full-text search (GET …/search?q=)", searches, "< 50"],
      ["peer: GET /api/health", health, ""],
    ];
    process.stdout.write(
      `\n${seeded.queryIds.length} queries, each once after ${warmup} warm-up rounds; first page (index build) ${firstMs.toFixed(0)} ms\n`,
    );
    process.stdout.write(
      "| request | median ms | p95 ms | median × health | target ms |\n| --- | ---: | ---: | ---: | --- |\n",
    );
    for (const [name, samples, target] of rows) {
      const median = percentile(samples, 0.5);
      process.stdout.write(
        `| ${name} | ${median.toFixed(1)} | ${percentile(samples, 0.95).toFixed(1)} | ${(median / floor).toFixed(1)} | ${target} |\n`,
      );
    }
    const pageMet = percentile(pages, 0.5) < 150 && percentile(pages, 0.95) < 400;
    const searchMet = percentile(searches, 0.5) < 50;
    process.stdout.write(
      `\ntargets: page ${pageMet ? "met" : "NOT met"}, search ${searchMet ? "met" : "NOT met"}\n`,
    );
  } finally {
    await server.stop();
  }
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(BENCH_USER),
  });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Milliseconds from sending the request to the last byte of the body; throws unless 200. */
async function timedGet(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return elapsed;
}

function percentile(samples: number[], share: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
