import { describe, expect, it } from "vitest";
import {
  describeAbandonment,
  findAbandonment,
  formatWorkerIdentity,
  giveUpMessage,
  JOB_HEARTBEAT_MS,
  JOB_LEASE_MS,
  JobLeaseLostError,
  leaseExpiry,
  MAX_JOB_ATTEMPTS,
  parseWorkerIdentity,
  recoveryAction,
  STALE_HEARTBEAT_MS,
  type WorkerIdentity,
} from "@/lib/jobs/job-lease";

const now = new Date("2026-12-01T12:00:00.000Z");
const self: WorkerIdentity = { host: "box", pid: 4242, bootId: "aaaa" };
const later = (ms: number) => new Date(now.getTime() + ms);
const alive = () => true;
const dead = () => false;

function leaseOf(owner: WorkerIdentity | string, expiresInMs: number) {
  return {
    leaseOwner: typeof owner === "string" ? owner : formatWorkerIdentity(owner),
    leaseExpiresAt: later(expiresInMs),
    heartbeatAt: later(expiresInMs - JOB_LEASE_MS),
  };
}

describe("worker identities", () => {
  it("round-trip through the lease owner column, hosts with colons included", () => {
    expect(formatWorkerIdentity(self)).toBe("box:4242:aaaa");
    expect(parseWorkerIdentity("box:4242:aaaa")).toEqual(self);
    expect(parseWorkerIdentity("fe80::1:77:b0")).toEqual({ host: "fe80::1", pid: 77, bootId: "b0" });
  });

  it("are not parsed from owners of another form", () => {
    expect(parseWorkerIdentity("box")).toBeNull();
    expect(parseWorkerIdentity("box:notapid:aaaa")).toBeNull();
    expect(parseWorkerIdentity(":12:aa")).toBeNull();
  });
});

describe("the lease", () => {
  it("lasts JOB_LEASE_MS and is renewed several times within it", () => {
    expect(leaseExpiry(now).getTime() - now.getTime()).toBe(JOB_LEASE_MS);
    expect(JOB_LEASE_MS / JOB_HEARTBEAT_MS).toBeGreaterThanOrEqual(4);
  });
});

describe("findAbandonment", () => {
  const find = (
    job: Parameters<typeof findAbandonment>[0]["job"],
    isProcessAlive: (pid: number) => boolean = alive,
  ) => findAbandonment({ job, now, self, isProcessAlive });

  it("leaves a live lease of another host alone, whatever its pid", () => {
    expect(find(leaseOf({ host: "other", pid: 1, bootId: "x" }, 1_000), dead)).toBeNull();
  });

  it("finds an expired lease, at the instant it ends", () => {
    const owner = { host: "other", pid: 1, bootId: "x" };
    expect(find(leaseOf(owner, 0))).toEqual({ kind: "expired", owner: "other:1:x" });
    expect(find(leaseOf(owner, -5_000))).toEqual({ kind: "expired", owner: "other:1:x" });
    expect(find(leaseOf(owner, 1))).toBeNull();
  });

  it("counts a lease without an expiry as expired", () => {
    expect(find({ leaseOwner: "other:1:x", leaseExpiresAt: null, heartbeatAt: now })).toEqual({
      kind: "expired",
      owner: "other:1:x",
    });
  });

  it("finds a live lease of a process of this host that no longer runs", () => {
    const owner = { host: "box", pid: 99, bootId: "old" };
    const asked: number[] = [];
    const gone = (pid: number) => {
      asked.push(pid);
      return false;
    };
    expect(find(leaseOf(owner, JOB_LEASE_MS), gone)).toEqual({ kind: "owner-gone", owner: "box:99:old" });
    expect(asked).toEqual([99]);
    expect(find(leaseOf(owner, JOB_LEASE_MS), alive)).toBeNull();
  });

  it("finds a lease of our own pid from an earlier boot (a restarted container), without asking about the pid", () => {
    const earlier = { ...self, bootId: "bbbb" };
    const never = () => {
      throw new Error("our own pid runs");
    };
    expect(find(leaseOf(earlier, JOB_LEASE_MS), never)).toEqual({
      kind: "owner-gone",
      owner: "box:4242:bbbb",
    });
  });

  it("leaves this worker's own live lease alone", () => {
    expect(find(leaseOf(self, JOB_LEASE_MS), dead)).toBeNull();
  });

  it("leaves a live lease whose owner it cannot read to its expiry", () => {
    expect(find(leaseOf("someone", JOB_LEASE_MS), dead)).toBeNull();
  });

  it("finds a row from before leases once its heartbeat is stale, or when it never beat", () => {
    const legacy = (heartbeatAt: Date | null) => ({ leaseOwner: null, leaseExpiresAt: null, heartbeatAt });
    expect(find(legacy(later(-STALE_HEARTBEAT_MS - 1)))).toEqual({ kind: "no-lease" });
    expect(find(legacy(null))).toEqual({ kind: "no-lease" });
    expect(find(legacy(later(-1_000)))).toBeNull();
  });
});

describe("recovery", () => {
  it("requeues until the job was claimed MAX_JOB_ATTEMPTS times, then fails it", () => {
    expect(MAX_JOB_ATTEMPTS).toBe(3);
    expect([0, 1, 2, 3, 4].map(recoveryAction)).toEqual(["requeue", "requeue", "requeue", "fail", "fail"]);
  });

  it("says why, in the log line and the job's error", () => {
    expect(describeAbandonment({ kind: "expired", owner: "h:1:b" })).toBe("lease of h:1:b expired");
    expect(describeAbandonment({ kind: "owner-gone", owner: "h:1:b" })).toMatch(/h:1:b no longer runs/);
    expect(describeAbandonment({ kind: "no-lease" })).toMatch(/no lease/);
    expect(giveUpMessage(3)).toBe(
      "Stopped 3 times (the server restarted or crashed while it ran); giving up.",
    );
  });

  it("tells a lost lease from other errors, as a conflict", () => {
    const error = new JobLeaseLostError("job-1");
    expect(error).toBeInstanceOf(JobLeaseLostError);
    expect(error.code).toBe("conflict");
    expect(error.message).toMatch(/job-1.*another worker/);
  });
});
