import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { defaultRetrievalConfig, type RetrievalConfig } from "@/lib/configs/config-schema";
import { sweepSchema } from "@/lib/configs/sweep-schema";
import type { Db } from "@/lib/db/client";
import { getSweep } from "@/lib/db/sweeps";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { runMetricsSchema } from "@/lib/eval/run-report-schema";
import { parseWorkerIdentity } from "@/lib/jobs/job-lease";
import { waitFor } from "@/lib/jobs/testing/wait-for";
import { createRun } from "@/lib/runs/create-run";
import { createSweep } from "@/lib/runs/create-sweep";
import { parseJobLogLine } from "@/lib/worker/job-log-line";
import { createGeneratedLabeledSet } from "@/lib/worker/testing/generated-labeled-set";

// Issue 14's acceptance test: three `goldenset worker` processes on one database, twelve queued runs
// (eight runs and a sweep of four points), one worker killed with SIGKILL while it holds a job.
// Every run must succeed exactly once with exactly one set of results, the killed worker's job must
// be taken up by another worker (attempt 2), and no job may ever have two owners at once. The
// database comes from the test harness (its URL is all the workers get), so the same test runs on
// PostgreSQL once the harness offers it.

const ROOT = path.resolve(import.meta.dirname, "../..");
const userId = "fleet-engineer";
const policy = { keyVariables: [], allowList: [] };

type WorkerProcess = {
  child: ChildProcess;
  pid: number;
  stdout: () => string[];
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let setId: string;
const workers: WorkerProcess[] = [];

function startWorker(url: string): WorkerProcess {
  const child = spawn(process.execPath, [path.join(ROOT, "bin", "goldenset"), "worker", "--grace", "5"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    pid: child.pid!,
    stdout: () => out.split("\n").filter(Boolean),
    stderr: () => err,
    exited,
  };
}

/** BM25 over 200-character chunks, top 100: about a second per run on this machine. */
function config(k1: number): RetrievalConfig {
  return {
    ...defaultRetrievalConfig,
    chunking: { strategy: "fixed-characters", size: 200, overlap: 40 },
    retriever: { ...defaultRetrievalConfig.retriever, kind: "bm25", k1 } as RetrievalConfig["retriever"],
    topK: 100,
  };
}

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  await prisma.user.create({
    data: { id: userId, name: "Engineer", email: `${userId}@example.com`, role: "engineer" },
  });
  ({ setId } = await createGeneratedLabeledSet(prisma, {
    name: "fleet",
    documents: 1_500,
    wordsPerDocument: 150,
    queries: 40,
    userId,
  }));
}, 60_000);

afterAll(async () => {
  for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill("SIGKILL");
  await database?.dispose();
});

/** Every running job's owner, sampled: when each (job, owner) pair was first and last seen. */
function watchOwners() {
  const seen = new Map<string, { jobId: string; owner: string; first: number; last: number }>();
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const running = await prisma.job.findMany({
        where: { status: "running", leaseOwner: { not: null } },
        select: { id: true, leaseOwner: true },
      });
      const now = Date.now();
      for (const job of running) {
        const key = `${job.id} ${job.leaseOwner}`;
        const entry = seen.get(key) ?? { jobId: job.id, owner: job.leaseOwner!, first: now, last: now };
        entry.last = now;
        seen.set(key, entry);
      }
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      return [...seen.values()];
    },
  };
}

it("three workers, twelve runs, one worker SIGKILLed mid-job: every run succeeds once, results once", async () => {
  const started = Date.now();
  const runIds: string[] = [];
  for (let index = 0; index < 8; index++) {
    const k1 = 0.8 + index / 10;
    const created = await createRun(prisma, {
      setId,
      configName: `fleet ${k1}`,
      config: config(k1),
      coverage: 1,
      userId,
      policy,
    });
    runIds.push(created.runId);
  }
  const sweep = await createSweep(prisma, {
    setId,
    userId,
    policy,
    sweep: sweepSchema.parse({
      name: "fleet sweep",
      baseConfig: config(0.9),
      axes: [{ path: "retriever.b", values: [0.3, 0.5, 0.7, 0.9] }],
    }),
  });
  runIds.push(...sweep.runIds);
  expect(runIds).toHaveLength(12);
  expect(await prisma.job.count({ where: { status: "queued" } })).toBe(12);
  const queuedAt = Date.now();

  // all twelve are queued before the workers start: SQLite has one writer, and the test's own
  // transactions should not queue behind the workers' (the server's would, with a longer timeout)
  const owners = watchOwners();
  for (let index = 0; index < 3; index++) workers.push(startWorker(database.url));
  const pids = new Set(workers.map((worker) => worker.pid));

  // mid-way: some runs done, and a worker of ours holding a job it has started on
  const held = await waitFor(
    async () => ({
      done: await prisma.job.count({ where: { status: "succeeded" } }),
      running: await prisma.job.findMany({ where: { status: "running", progress: { gt: 0.05 } } }),
    }),
    ({ done, running }) =>
      done >= 3 && running.some((job) => pids.has(parseWorkerIdentity(job.leaseOwner ?? "")?.pid ?? -1)),
    45_000,
  );
  const victimJob = held.running.find((job) =>
    pids.has(parseWorkerIdentity(job.leaseOwner ?? "")?.pid ?? -1),
  )!;
  const victimOwner = victimJob.leaseOwner!;
  const victim = workers.find((worker) => worker.pid === parseWorkerIdentity(victimOwner)?.pid)!;
  victim.child.kill("SIGKILL");
  const killedAt = Date.now();
  expect((await victim.exited).signal).toBe("SIGKILL");
  const doneAtKill = held.done;

  await waitFor(
    () => prisma.run.count({ where: { id: { in: runIds }, status: { in: ["succeeded", "failed"] } } }),
    (finished) => finished === 12,
    45_000,
  );
  const allDoneAt = Date.now();
  const survivors = workers.filter((worker) => worker !== victim);
  for (const worker of survivors) worker.child.kill("SIGTERM");
  for (const worker of survivors)
    expect(await worker.exited, worker.stderr()).toEqual({ code: 0, signal: null });
  const observed = await owners.stop();

  // every run and job succeeded; the killed worker's job on its second attempt, the rest on their first
  const runs = await prisma.run.findMany({ where: { id: { in: runIds } }, include: { job: true } });
  for (const run of runs) {
    expect(run.status, run.error ?? "").toBe("succeeded");
    expect(run.job?.status).toBe("succeeded");
    expect(run.job?.attempts).toBe(run.job?.id === victimJob.id ? 2 : 1);
  }

  // exactly one set of results per run: no (run, query, rank) twice, and as many rows as it returned
  const duplicates = await prisma.$queryRaw<{ n: number | bigint }[]>`
    SELECT COUNT(*) AS "n" FROM (
      SELECT "runId", "queryId", "rank" FROM "RunResult"
      GROUP BY "runId", "queryId", "rank" HAVING COUNT(*) > 1
    ) d`;
  expect(Number(duplicates[0]?.n)).toBe(0);
  for (const run of runs) {
    const metrics = runMetricsSchema.parse(run.metrics);
    const stored = await prisma.runResult.count({ where: { runId: run.id } });
    expect(stored).toBe(Math.round((metrics.meanReturned ?? 0) * (metrics.queries ?? 0)));
    expect(stored).toBeGreaterThan(0);
    expect(await prisma.runQueryMetric.count({ where: { runId: run.id } })).toBe(40);
  }

  // the workers' logs: one "succeeded" line per job over all three, nothing lost or released
  const lines = workers.flatMap((worker) =>
    worker.stdout().flatMap((line) => {
      const parsed = parseJobLogLine(line);
      return parsed ? [{ ...parsed, pid: worker.pid }] : [];
    }),
  );
  const jobIds = runs.map((run) => run.job!.id);
  expect(lines.map((line) => line.jobId).sort()).toEqual([...jobIds].sort());
  expect(lines.every((line) => line.outcome === "succeeded")).toBe(true);
  const retried = lines.find((line) => line.jobId === victimJob.id)!;
  expect(retried).toMatchObject({ attempt: 2, outcome: "succeeded" });
  expect(retried.pid).not.toBe(victim.pid);
  expect(retried.claimedAt.getTime()).toBeGreaterThanOrEqual(killedAt - 5);
  for (const worker of survivors) expect(lines.some((line) => line.pid === worker.pid)).toBe(true);
  const sweepJobs = new Set(sweep.jobIds);
  expect(
    new Set(lines.filter((line) => sweepJobs.has(line.jobId)).map((line) => line.pid)).size,
  ).toBeGreaterThan(1);
  expect((await getSweep(prisma, sweep.sweepId)).progress).toMatchObject({
    status: "succeeded",
    succeeded: 4,
  });

  // no job had two owners at once: each job's owners, as sampled, follow one another
  const byJob = new Map<string, typeof observed>();
  for (const entry of observed) byJob.set(entry.jobId, [...(byJob.get(entry.jobId) ?? []), entry]);
  for (const [jobId, entries] of byJob) {
    const ordered = entries.sort((a, b) => a.first - b.first);
    for (let index = 1; index < ordered.length; index++)
      expect(ordered[index]!.first, `job ${jobId}`).toBeGreaterThan(ordered[index - 1]!.last);
    expect(ordered.length, `job ${jobId}`).toBeLessThanOrEqual(jobId === victimJob.id ? 2 : 1);
  }
  const victimEntries = byJob.get(victimJob.id) ?? [];
  // the dead worker's lease stays in the row until a survivor's recovery requeues it; the next
  // owner claims only after that
  expect(victimEntries.map((entry) => entry.owner)[0]).toBe(victimOwner);
  expect(victimEntries[1]?.first).toBeGreaterThan(killedAt);

  console.info(
    `3 workers, 12 runs: killed ${victimOwner} on job ${victimJob.id} with ${doneAtKill} runs done; ` +
      `all done ${((allDoneAt - started) / 1000).toFixed(1)} s after queueing, ` +
      `${((allDoneAt - killedAt) / 1000).toFixed(1)} s after the kill; jobs per worker: ` +
      survivors.map((worker) => lines.filter((line) => line.pid === worker.pid).length).join(", ") +
      ` (killed worker: ${lines.filter((line) => line.pid === victim.pid).length} before it died); ` +
      `queueing took ${((queuedAt - started) / 1000).toFixed(1)} s; ` +
      `job times ${lines.map((line) => (line.elapsedMs / 1000).toFixed(1)).join(" ")} s`,
  );
}, 120_000);
