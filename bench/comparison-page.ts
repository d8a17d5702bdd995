import { parseArgs } from "node:util";
import { COMPARED_MEASURE_KEYS, readComparedMeasures } from "@/lib/comparisons/compared-measures";
import { parseComparisonParams } from "@/lib/comparisons/comparison-params";
import { getRun } from "@/lib/db/runs";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { compareRuns } from "@/lib/eval/compare-runs";
import { loadComparison } from "@/lib/runs/load-comparison";
import { seedComparison } from "@/lib/runs/testing/seed-comparison";

/**
 * Server time of the comparison page (issue 11: < 300 ms for 200 queries × 6 runs): a temp
 * SQLite file seeded through the real data functions (lib/runs/testing/seed-comparison.ts: set,
 * labels, frozen version, runs with 20 results a query), then `loadComparison` — every query the
 * page makes and everything it computes (randomization test with 10,000 permutations and
 * bootstrap intervals over 6 runs × 4 measures, recall curves recomputed from the rankings,
 * breakdowns, per-query rows) — as the page calls it. Peers in the same process: the run page's
 * load of one run (`getRun`), and `compareRuns` alone on the same per-query values.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      queries: { type: "string", default: "200" },
      runs: { type: "string", default: "6" },
      repeats: { type: "string", default: "9" },
    },
  });
  const queryCount = Number(values.queries);
  const runCount = Number(values.runs);
  const repeats = Number(values.repeats);
  const database = createTestDatabase();
  try {
    const seedStarted = performance.now();
    const seeded = await seedComparison(database.prisma, { queries: queryCount, runs: runCount + 1 });
    process.stdout.write(
      `seeded ${queryCount} queries × ${runCount + 1} runs (baseline + ${runCount}) in ${Math.round(performance.now() - seedStarted)} ms\n`,
    );
    const [baselineId, ...runIds] = seeded.runIds;
    const params = parseComparisonParams({ baseline: baselineId, runs: runIds.join(",") });
    const load = () => loadComparison(database.prisma, { setId: seeded.setId, params });
    const withQuery = parseComparisonParams({
      baseline: baselineId,
      runs: runIds.join(","),
      query: seeded.queryIds[3],
    });

    const page = await load();
    if (page.status !== "ready" || !page.comparison)
      throw new Error(`The page did not compare: ${page.notices}`);
    await loadComparison(database.prisma, { setId: seeded.setId, params: withQuery });

    const pageMs = await medianAsync(repeats, () => timeAsync(load));
    const passagesMs = await medianAsync(repeats, () =>
      timeAsync(() => loadComparison(database.prisma, { setId: seeded.setId, params: withQuery })),
    );
    const runPageMs = await medianAsync(repeats, () =>
      timeAsync(() => getRun(database.prisma, baselineId ?? "")),
    );
    const metricRows = await database.prisma.runQueryMetric.findMany({
      where: { runId: { in: seeded.runIds } },
    });
    const valuesOf = (runId: string) =>
      new Map(
        metricRows.flatMap((row) => {
          const measures = row.runId === runId ? readComparedMeasures(row) : null;
          return measures ? [[row.queryId, measures as Record<string, number>]] : [];
        }),
      );
    const statisticsMs = median(repeats, () =>
      time(() =>
        compareRuns({
          baseline: valuesOf(baselineId ?? ""),
          runs: runIds.map((id) => ({ name: id, values: valuesOf(id) })),
          measures: COMPARED_MEASURE_KEYS,
        }),
      ),
    );

    const rows: [string, number][] = [
      ["comparison page: loadComparison", pageMs],
      ["… with one query's passages open", passagesMs],
      ["peer: compareRuns alone (10,000 permutations)", statisticsMs],
      ["peer: run page load of one run (getRun)", runPageMs],
    ];
    process.stdout.write(`\nmedian of ${repeats}, ${page.comparison.sharedQueries} shared queries\n`);
    process.stdout.write("| step | ms | × compareRuns | × one run page |\n| --- | ---: | ---: | ---: |\n");
    for (const [name, ms] of rows) {
      process.stdout.write(
        `| ${name} | ${ms.toFixed(1)} | ${(ms / statisticsMs).toFixed(2)} | ${(ms / runPageMs).toFixed(2)} |\n`,
      );
    }
    const verdict = pageMs < 300 ? "met" : "NOT met";
    process.stdout.write(`\ntarget < 300 ms for the comparison page: ${verdict} (${pageMs.toFixed(1)} ms)\n`);
  } finally {
    await database.dispose();
  }
}

function time(work: () => unknown): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

async function timeAsync(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function median(repeats: number, measure: () => number): number {
  const samples = Array.from({ length: repeats }, measure).sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

async function medianAsync(repeats: number, measure: () => Promise<number>): Promise<number> {
  const samples: number[] = [];
  for (let index = 0; index < repeats; index++) samples.push(await measure());
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
