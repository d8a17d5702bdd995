import { AppError } from "@/lib/errors";

/**
 * How long a claimed job stays with its worker without a sign of life. The worker's heartbeat
 * renews it every JOB_HEARTBEAT_MS whatever the handler is doing, so only a worker that died, or
 * whose event loop stood still for this long, loses it. 30 s: long enough that a busy worker
 * (a big synchronous index build) is not robbed by a second process, short enough that a job left
 * by a crash elsewhere is taken up well within a minute. A crash on this machine is noticed at
 * once instead (`findAbandonment`: the owner's process is gone).
 */
export const JOB_LEASE_MS = 30_000;

/** How often the worker renews the lease of the job it runs: six chances before it ends. */
export const JOB_HEARTBEAT_MS = 5_000;

/** Rows claimed before leases existed (no owner): abandoned when their heartbeat is this old. */
export const STALE_HEARTBEAT_MS = 30_000;

/** Claims of one job; a job abandoned this many times is failed instead of requeued. */
export const MAX_JOB_ATTEMPTS = 3;

/** A worker process: its host, pid and a random id drawn when the process started. */
export type WorkerIdentity = { host: string; pid: number; bootId: string };

/** A job held by a worker: what conditional writes check (`Job.leaseOwner`). */
export type JobLease = { jobId: string; owner: string };

/** The lease columns of a running job as read from the database. */
export type RunningJobLease = {
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  heartbeatAt: Date | null;
};

/** Why a running job has no live worker any more. */
export type Abandonment =
  | { kind: "expired"; owner: string }
  | { kind: "owner-gone"; owner: string }
  | { kind: "no-lease" };

/** "host:pid:bootId", the form stored in `Job.leaseOwner`. */
export function formatWorkerIdentity(identity: WorkerIdentity): string {
  return `${identity.host}:${identity.pid}:${identity.bootId}`;
}

/** The identity in a lease owner; null when it is not "host:pid:bootId" (the host may hold colons). */
export function parseWorkerIdentity(owner: string): WorkerIdentity | null {
  const match = /^(.+):(\d+):([^:]+)$/.exec(owner);
  if (!match) return null;
  const [, host, pid, bootId] = match;
  return { host: host!, pid: Number(pid), bootId: bootId! };
}

/** When a lease taken or renewed at `now` ends. */
export function leaseExpiry(now: Date): Date {
  return new Date(now.getTime() + JOB_LEASE_MS);
}

/**
 * Whether a running job's worker is gone, seen from worker `self` at `now`: its lease expired; or
 * its owner is an earlier process on this host — a pid that no longer runs, or our own pid with
 * another boot id (a restarted container reuses pids) — so a restart right after a crash takes the
 * job up at once; or (rows from before leases) its heartbeat is stale. Null: leave it alone. A
 * lease of `self` is live: this worker runs one job at a time and only recovers when idle.
 * `isProcessAlive` answers for pids of this host.
 */
export function findAbandonment(options: {
  job: RunningJobLease;
  now: Date;
  self: WorkerIdentity;
  isProcessAlive: (pid: number) => boolean;
}): Abandonment | null {
  const { job, now, self } = options;
  if (job.leaseOwner === null) {
    const staleBefore = now.getTime() - STALE_HEARTBEAT_MS;
    return job.heartbeatAt === null || job.heartbeatAt.getTime() < staleBefore ? { kind: "no-lease" } : null;
  }
  const owner = job.leaseOwner;
  if (job.leaseExpiresAt === null || job.leaseExpiresAt.getTime() <= now.getTime())
    return { kind: "expired", owner };
  const holder = parseWorkerIdentity(owner);
  if (!holder || holder.host !== self.host) return null;
  const previousIncarnation =
    holder.pid === self.pid ? holder.bootId !== self.bootId : !options.isProcessAlive(holder.pid);
  return previousIncarnation ? { kind: "owner-gone", owner } : null;
}

/** The reason in the server log line: "lease of host:1:ab expired". No secrets: owners are host:pid:id. */
export function describeAbandonment(abandonment: Abandonment): string {
  switch (abandonment.kind) {
    case "expired":
      return `lease of ${abandonment.owner} expired`;
    case "owner-gone":
      return `its worker ${abandonment.owner} no longer runs on this host`;
    case "no-lease":
      return `no lease and no heartbeat for ${STALE_HEARTBEAT_MS / 1000} s`;
  }
}

/** An abandoned job is requeued until it has been claimed MAX_JOB_ATTEMPTS times, then failed. */
export function recoveryAction(attempts: number): "requeue" | "fail" {
  return attempts >= MAX_JOB_ATTEMPTS ? "fail" : "requeue";
}

/** The error a job gets when recovery gives up on it (what the job's run or sweep points show). */
export function giveUpMessage(attempts: number): string {
  return `Stopped ${attempts} times (the server restarted or crashed while it ran); giving up.`;
}

/**
 * Thrown inside a job's handler when its worker no longer holds the lease (another worker took the
 * job up): the handler stops and writes nothing more — the new holder owns the job's results.
 */
export class JobLeaseLostError extends AppError {
  constructor(jobId: string) {
    super("conflict", `Job ${jobId} was taken up by another worker; this one stopped.`);
    this.name = "JobLeaseLostError";
  }
}
