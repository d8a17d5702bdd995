import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import type { WorkerIdentity } from "@/lib/jobs/job-lease";

/** Drawn once per process: tells this process from an earlier one that had the same pid. */
const bootId = randomBytes(6).toString("hex");

/** This process as a job worker: host, pid and boot id (see lib/jobs/job-lease.ts). */
export function currentWorkerIdentity(): WorkerIdentity {
  return { host: hostname(), pid: process.pid, bootId };
}

/**
 * Whether a process of this host still runs: `kill(pid, 0)` succeeds (EPERM means it runs as
 * another user) and, where /proc tells, it is not a zombie — a killed server whose parent died
 * too may wait as a zombie under an init that does not reap, and it will never renew a lease.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return !isZombie(pid);
}

function isZombie(pid: number): boolean {
  try {
    // "pid (comm) S …": the state follows the last ")" (the command name may hold parentheses)
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return false;
  }
}
