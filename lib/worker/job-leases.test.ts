import { spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { defaultRetrievalConfig, type RetrievalConfig } from "@/lib/configs/config-schema";
import { createPrismaClient, type Db } from "@/lib/db/client";
import { type QuoteLabeledQuestion, seedQuoteLabeledSet } from "@/lib/db/testing/quote-labeled-set";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { formatWorkerIdentity, JOB_LEASE_MS, type WorkerIdentity } from "@/lib/jobs/job-lease";
import { waitFor } from "@/lib/jobs/testing/wait-for";
import {
  type LoopbackProviderServer,
  startLoopbackProviderServer,
} from "@/lib/retrieval/providers/testing/loopback-provider-server";
import { createRun } from "@/lib/runs/create-run";
import { testRunServices } from "@/lib/runs/testing/test-run-services";
import { parseJobLogLine } from "@/lib/worker/job-log-line";
import { drainJobs, recoverJobs, runNextJob, startWorker } from "@/lib/worker/worker";

// Job leases with real worker code on a real SQLite file: two workers of different identities (each
// with its own client on the file, as two processes would have) recover, claim and run the same
// jobs; an embeddings server on loopback holds a run in flight for as long as a test needs.

const API_KEY = "sk-lease-test";
const workerA: WorkerIdentity = { host: hostname(), pid: process.pid, bootId: "worker-a" };
const workerB: WorkerIdentity = { host: hostname(), pid: process.pid, bootId: "worker-b" };
const elsewhere = "other-host:4321:far";

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let secondClient: Db;
let providers: LoopbackProviderServer;
let setId: string;
const userId = "lease-engineer";
const services = testRunServices({ allowList: ["127.0.0.1"], secrets: { LOOPBACK_KEY: API_KEY } });
const policy = { keyVariables: ["LOOPBACK_KEY"], allowList: ["127.0.0.1"] };

const texts: Record<string, string> = {
  "kb-1": "Resetting the router. Hold the reset button for ten seconds until the power light blinks.",
  "kb-2": "Replacing a drive. Pull the tray by its handle and slide the new drive in until it clicks.",
  "kb-3": "Printer shows offline. Remove the printer and add it again from the settings page.",
};
const questions: QuoteLabeledQuestion[] = [
  ["how do I reset my router", "kb-1", "Hold the reset button for ten seconds"],
  ["how do I replace a drive", "kb-2", "slide the new drive in"],
  ["printer is offline", "kb-3", "Remove the printer and add it again"],
];

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  secondClient = createPrismaClient(database.url);
  providers = await startLoopbackProviderServer({ apiKey: API_KEY, defaultDimensions: 16 });
  ({ setId } = await seedQuoteLabeledSet(prisma, { userId, setName: "tiny set", texts, questions }));
});

afterAll(async () => {
  await providers?.close();
  await secondClient?.$disconnect();
  await database?.dispose();
});

let warnings: string[];
beforeEach(() => {
  providers.behave({ kind: "ok" });
  warnings = [];
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    warnings.push(args.map(String).join(" "));
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  // every test leaves the queue empty, so the next one claims only its own job
  await prisma.job.updateMany({
    where: { status: { in: ["queued", "running"] } },
    data: { status: "failed", leaseOwner: null },
  });
});

let models = 0;
/** Dense retrieval through the loopback embeddings server, under a new model name so nothing is cached. */
function denseConfig(): RetrievalConfig {
  models++;
  return {
    ...defaultRetrievalConfig,
    retriever: {
      kind: "dense",
      provider: {
        kind: "openai-compatible",
        baseUrl: `${providers.origin}/v1`,
        model: `lease-embed-${models}`,
        dimensions: 16,
        batchSize: 64,
        apiKeyEnv: "LOOPBACK_KEY",
        timeoutMs: 30_000,
      },
    },
  };
}

let runs = 0;
/** A queued run: BM25, or dense through the loopback server (which a test can slow down). */
async function queueRun(kind: "bm25" | "dense" = "bm25") {
  runs++;
  const config = kind === "bm25" ? defaultRetrievalConfig : denseConfig();
  return createRun(prisma, { setId, configName: `lease ${runs}`, config, coverage: 1, userId, policy });
}

/** Marks a queued job as claimed by `owner`, its lease ending `expiresInMs` from now. */
async function holdJob(jobId: string, options: { owner: string; expiresInMs: number; attempts?: number }) {
  const now = Date.now();
  await prisma.job.update({
    where: { id: jobId },
    data: {
      status: "running",
      attempts: options.attempts ?? 1,
      leaseOwner: options.owner,
      leaseExpiresAt: new Date(now + options.expiresInMs),
      heartbeatAt: new Date(now + options.expiresInMs - JOB_LEASE_MS),
    },
  });
}

const embeddingRequests = () =>
  providers.requests.filter((request) => request.path === "/v1/embeddings").length;
const readJob = (id: string) => prisma.job.findUniqueOrThrow({ where: { id } });

/** The pid of a process that ran on this host and has ended (and was reaped). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

describe("claiming and the heartbeat", () => {
  it("claims under the worker's lease, renews it on its own timer while the handler waits, and ends it", async () => {
    const { jobId } = await queueRun("dense");
    providers.behave({ kind: "slow", delayMs: 1_200 });
    const before = embeddingRequests();
    const running = runNextJob(prisma, { worker: workerA, services, heartbeatMs: 100 });
    await waitFor(embeddingRequests, (count) => count > before, 15_000);
    const claimed = await readJob(jobId);
    expect(claimed).toMatchObject({
      status: "running",
      attempts: 1,
      leaseOwner: formatWorkerIdentity(workerA),
    });
    const expiry = claimed.leaseExpiresAt!.getTime();
    expect(expiry - claimed.heartbeatAt!.getTime()).toBe(JOB_LEASE_MS);
    // the handler is stuck in the provider call and reports nothing; the heartbeat renews anyway
    const renewed = await waitFor(
      () => readJob(jobId),
      (job) => job.leaseExpiresAt!.getTime() > expiry,
      15_000,
    );
    expect(renewed.progress).toBe(claimed.progress);
    expect(renewed.message).toBe(claimed.message);
    expect(await running).toBe(true);
    expect(await readJob(jobId)).toMatchObject({
      status: "succeeded",
      leaseOwner: null,
      leaseExpiresAt: null,
    });
  });
});

describe("recovery while polling", () => {
  it("requeues an expired lease found by a worker that is already polling, not only at start-up", async () => {
    const worker = startWorker(secondClient, { worker: workerB, services, pollMs: 50 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // started, recovered, found nothing
      const { jobId, runId } = await queueRun();
      await holdJob(jobId, { owner: elsewhere, expiresInMs: -1_000 });
      const job = await waitFor(
        () => readJob(jobId),
        (row) => row.status === "succeeded",
        15_000,
      );
      expect(job.attempts).toBe(2);
      expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("succeeded");
      expect(warnings).toContain(`Job ${jobId} requeued: lease of ${elsewhere} expired`);
    } finally {
      worker.stop();
    }
  });

  it("leaves a live lease alone: of another host, and of a live process of this host", async () => {
    const { jobId } = await queueRun();
    await holdJob(jobId, { owner: elsewhere, expiresInMs: JOB_LEASE_MS });
    expect(await drainJobs(secondClient, { worker: workerB, services })).toBe(0);
    expect(await readJob(jobId)).toMatchObject({ status: "running", leaseOwner: elsewhere, attempts: 1 });

    const parent = formatWorkerIdentity({ host: hostname(), pid: process.ppid, bootId: "parent" });
    await holdJob(jobId, { owner: parent, expiresInMs: JOB_LEASE_MS });
    expect(await drainJobs(secondClient, { worker: workerB, services })).toBe(0);
    expect(await readJob(jobId)).toMatchObject({ status: "running", leaseOwner: parent });
    expect(warnings).toEqual([]);
  });

  it("takes up at once, long before its lease ends, a job whose owner on this host is gone", async () => {
    const { jobId } = await queueRun();
    const crashed = formatWorkerIdentity({ host: hostname(), pid: deadPid(), bootId: "crashed" });
    await holdJob(jobId, { owner: crashed, expiresInMs: JOB_LEASE_MS });
    expect(await drainJobs(secondClient, { worker: workerB, services })).toBe(1);
    expect(await readJob(jobId)).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(warnings).toContain(`Job ${jobId} requeued: its worker ${crashed} no longer runs on this host`);
  });

  it("takes up at once a job held under its own pid by an earlier boot (a restarted container)", async () => {
    const { jobId } = await queueRun();
    const earlierBoot = formatWorkerIdentity({ ...workerB, bootId: "before-restart" });
    await holdJob(jobId, { owner: earlierBoot, expiresInMs: JOB_LEASE_MS });
    expect(await drainJobs(secondClient, { worker: workerB, services })).toBe(1);
    expect(await readJob(jobId)).toMatchObject({ status: "succeeded" });
  });

  it("fails the job and its run once it has been claimed three times", async () => {
    const { jobId, runId } = await queueRun();
    await holdJob(jobId, { owner: elsewhere, expiresInMs: -1, attempts: 3 });
    expect(await recoverJobs(secondClient, new Date(), { self: workerB })).toEqual({
      requeued: 0,
      failed: 1,
    });
    const job = await readJob(jobId);
    expect(job).toMatchObject({ status: "failed", leaseOwner: null });
    expect(job.error).toMatch(/Stopped 3 times/);
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run).toMatchObject({ status: "failed", error: job.error });
    expect(warnings).toContain(`Job ${jobId} failed: lease of ${elsewhere} expired, after 3 attempts`);
  });

  it("acts once when two workers recover the same job at the same moment", async () => {
    const { jobId } = await queueRun();
    await holdJob(jobId, { owner: elsewhere, expiresInMs: -1 });
    const now = new Date();
    const outcomes = await Promise.all([
      recoverJobs(prisma, now, { self: workerA }),
      recoverJobs(secondClient, now, { self: workerB }),
    ]);
    expect(outcomes.map((outcome) => outcome.requeued).sort()).toEqual([0, 1]);
    expect(await readJob(jobId)).toMatchObject({ status: "queued", attempts: 1, leaseOwner: null });
  });
});

describe("a worker that lost its lease", () => {
  /**
   * Worker A claims `jobId` and stalls in a provider call past its lease (its heartbeat does not get
   * to beat); worker B requeues the job and runs it to the end; then A's call returns.
   */
  async function loseLeaseWhileStalled(jobId: string) {
    providers.behave({ kind: "slow", delayMs: 2_500 });
    const before = embeddingRequests();
    let settled = false;
    const stalled = runNextJob(prisma, { worker: workerA, services, heartbeatMs: 60_000 }).finally(() => {
      settled = true;
    });
    await waitFor(embeddingRequests, (count) => count > before, 15_000);
    await prisma.job.update({ where: { id: jobId }, data: { leaseExpiresAt: new Date(Date.now() - 1) } });
    providers.behave({ kind: "ok" });
    expect(await drainJobs(secondClient, { worker: workerB, services })).toBe(1);
    expect(settled).toBe(false);
    return stalled;
  }

  async function snapshotRun(runId: string) {
    return {
      run: await prisma.run.findUniqueOrThrow({ where: { id: runId } }),
      results: await prisma.runResult.count({ where: { runId } }),
      metrics: await prisma.runQueryMetric.count({ where: { runId } }),
    };
  }

  it("stops without finishing the job or writing results over the new holder's", async () => {
    const { jobId, runId } = await queueRun("dense");
    const stalled = await loseLeaseWhileStalled(jobId);
    const job = await readJob(jobId);
    expect(job).toMatchObject({ status: "succeeded", attempts: 2, leaseOwner: null });
    const saved = await snapshotRun(runId);
    expect(saved.run.status).toBe("succeeded");
    expect(saved.results).toBeGreaterThan(0);

    expect(await stalled).toBe(true);
    expect(await readJob(jobId)).toEqual(job);
    expect(await snapshotRun(runId)).toEqual(saved);
    expect(
      warnings.some((line) => line.includes(`Job ${jobId} (evaluate-run) was taken up by another worker`)),
    ).toBe(true);
  });
});

describe("a worker asked to stop (goldenset worker on SIGTERM)", () => {
  it("releases the job in hand once its grace is over: queued again at once, the attempt not counted", async () => {
    const { jobId, runId } = await queueRun("dense");
    providers.behave({ kind: "slow", delayMs: 2_500 });
    const before = embeddingRequests();
    const stopping = new AbortController();
    const lines: string[] = [];
    const running = runNextJob(prisma, {
      worker: workerA,
      services,
      stopSignal: stopping.signal,
      graceMs: 100,
      log: (line) => lines.push(line),
    });
    await waitFor(embeddingRequests, (count) => count > before, 15_000);
    stopping.abort();
    expect(await running).toBe(true);
    expect(lines.map((line) => parseJobLogLine(line)?.outcome)).toEqual(["released"]);
    expect(await readJob(jobId)).toMatchObject({ status: "queued", attempts: 0, leaseOwner: null });
    // a stopped worker claims nothing more; another takes the job up without waiting for a lease
    expect(await runNextJob(prisma, { worker: workerA, services, stopSignal: stopping.signal })).toBe(false);
    providers.behave({ kind: "ok" });
    expect(await drainJobs(secondClient, { worker: workerB, services })).toBe(1);
    expect(await readJob(jobId)).toMatchObject({ status: "succeeded", attempts: 1 });
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("succeeded");
  });

  it("lets the job in hand finish when it ends within the grace", async () => {
    const { jobId } = await queueRun("dense");
    providers.behave({ kind: "slow", delayMs: 600 });
    const before = embeddingRequests();
    const stopping = new AbortController();
    const lines: string[] = [];
    const running = runNextJob(prisma, {
      worker: workerA,
      services,
      stopSignal: stopping.signal,
      graceMs: 20_000,
      log: (line) => lines.push(line),
    });
    await waitFor(embeddingRequests, (count) => count > before, 15_000);
    stopping.abort();
    expect(await running).toBe(true);
    expect(parseJobLogLine(lines[0] ?? "")).toMatchObject({ jobId, outcome: "succeeded", attempt: 1 });
    expect(await readJob(jobId)).toMatchObject({ status: "succeeded", attempts: 1 });
  });
});
