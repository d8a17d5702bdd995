import { spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { formatWorkerIdentity, JOB_LEASE_MS } from "@/lib/jobs/job-lease";
import { waitFor } from "@/lib/jobs/testing/wait-for";
import { services, setUpLeaseWorld, workerA, workerB } from "@/lib/worker/testing/lease-world";
import { drainJobs, recoverJobs, startWorker } from "@/lib/worker/worker";

// Recovering jobs whose lease ran out or whose worker is gone, with real worker code on a real
// SQLite file (lib/worker/testing/lease-world.ts): two workers of different identities, each with
// its own client on the file, recover, claim and run the same jobs. Claiming, the heartbeat and a
// worker that loses or gives up its job: job-leases.test.ts.

const elsewhere = "other-host:4321:far";

let prisma: Db;
let secondClient: Db;
const { warnings, queueRun, readJob } = setUpLeaseWorld((world) => {
  ({ prisma, secondClient } = world);
});

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

/** The pid of a process that ran on this host and has ended (and was reaped). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

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
