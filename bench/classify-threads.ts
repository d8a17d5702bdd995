import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { stageQueryLog } from "@/lib/db/import-query-log";
import { addTokenCounts, buildClassifierContextFrom, classifyQuery } from "@/lib/logs/classify-query";
import { openLogStream } from "@/lib/logs/open-log-stream";

// Does classification pay on worker threads? Classifies the distinct queries of the bench's 1M-line
// log (bench/import-log.ts generates it) on the main thread, then split over N worker threads,
// each building the log's classifier context itself (it holds Maps that cannot be shared). Prints
// the wall times and the speed-up. See bench/README.md.
//
//   npx tsx bench/classify-threads.ts [FILE] [--threads 2]

type Job = {
  tokenCounts: [string, number][];
  displays: string[];
  queries: [normalized: string, display: string][];
};

function classifyAll(job: Job): number {
  const context = buildClassifierContextFrom({
    tokenCounts: new Map(job.tokenCounts),
    displays: job.displays,
  });
  let classes = 0;
  for (const [normalized, display] of job.queries)
    classes += classifyQuery(normalized, context, { display }).length;
  return classes;
}

function inWorker(job: Job): Promise<number> {
  return new Promise((resolve, reject) => {
    // A worker's entry file is not compiled by tsx: a CommonJS bootstrap registers it first.
    const bootstrap = `require("tsx/cjs"); require(${JSON.stringify(__filename)});`;
    const worker = new Worker(bootstrap, { eval: true, workerData: job });
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

async function main(): Promise<void> {
  const file =
    process.argv.find(
      (argument, index) => index > 1 && !argument.startsWith("--") && process.argv[index - 1] !== "--threads",
    ) ?? join(tmpdir(), "goldenset-bench-import-log", "log-1000000-0.7-1.txt");
  const threadsAt = process.argv.indexOf("--threads");
  const threads = threadsAt > 0 ? Number(process.argv[threadsAt + 1]) : 2;
  const tokenCounts = new Map<string, number>();
  const { stage } = await stageQueryLog({ bytes: openLogStream(file), options: { format: "text" } });
  const queries: [string, string][] = [];
  for (const entry of stage.entries()) queries.push([entry.normalized, entry.display]);
  for (const entry of stage.entries()) addTokenCounts(tokenCounts, entry);
  const displays = queries.map(([, display]) => display);
  stage.dispose();
  const base = { tokenCounts: [...tokenCounts], displays };

  let started = performance.now();
  const single = classifyAll({ ...base, queries });
  const oneThread = (performance.now() - started) / 1000;

  started = performance.now();
  const share = Math.ceil(queries.length / threads);
  const counts = await Promise.all(
    Array.from({ length: threads }, (_, index) =>
      inWorker({ ...base, queries: queries.slice(index * share, (index + 1) * share) }),
    ),
  );
  const split = (performance.now() - started) / 1000;
  if (counts.reduce((a, b) => a + b, 0) !== single) throw new Error("the threads classified differently");
  console.log(
    `${queries.length.toLocaleString("en")} distinct queries: main thread ${oneThread.toFixed(1)} s; ${threads} worker threads ${split.toFixed(1)} s (each builds the context; data copied to them) → ${(oneThread / split).toFixed(2)}× (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`,
  );
}

if (isMainThread) void main();
else parentPort?.postMessage(classifyAll(workerData as Job));
