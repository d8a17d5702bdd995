import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { formatWorkerIdentity, JOB_LEASE_MS } from "@/lib/jobs/job-lease";
import { waitFor } from "@/lib/jobs/testing/wait-for";
import type { LoopbackProviderServer } from "@/lib/retrieval/providers/testing/loopback-provider-server";
import { parseJobLogLine } from "@/lib/worker/job-log-line";
import { services, setUpLeaseWorld, workerA, workerB } from "@/lib/worker/testing/lease-world";
import { drainJobs, runNextJob } from "@/lib/worker/worker";

// Job leases with real worker code on a real SQLite file (lib/worker/testing/lease-world.ts): a
// worker holding a job renews its lease, stops once another worker has taken the job up, and
// releases or finishes it when asked to stop; an embeddings server on loopback holds a run in
// flight for as long as a test needs. Expired and orphaned leases: job-lease-recovery.test.ts.

let prisma: Db;
let secondClient: Db;
let providers: LoopbackProviderServer;
const { warnings, queueRun, readJob } = setUpLeaseWorld((world) => {
  ({ prisma, secondClient, providers } = world);
});

const embeddingRequests = () =>
  providers.requests.filter((request) => request.path === "/v1/embeddings").length;

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
