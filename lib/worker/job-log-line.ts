/** How a worker's hold on a job ended: the job's own outcome, lost to another worker, or released on stop. */
export type JobOutcome = "succeeded" | "failed" | "paused" | "cancelled" | "lost" | "released";

/**
 * The one line `goldenset worker` logs per job it claimed, when its part ends:
 * `job <id> <kind> <outcome> · attempt <n> · worker <host:pid:id> · claimed <ISO> · <ms> ms`.
 * Ids, kind, attempt and times only — never the payload, the result or an error text, which may
 * quote a provider's answer or a file path.
 */
export function jobLogLine(options: {
  job: { id: string; kind: string; attempts: number };
  owner: string;
  outcome: JobOutcome;
  claimedAt: Date;
  endedAt: Date;
}): string {
  const { job, owner, outcome, claimedAt, endedAt } = options;
  const elapsedMs = endedAt.getTime() - claimedAt.getTime();
  return `job ${job.id} ${job.kind} ${outcome} · attempt ${job.attempts} · worker ${owner} · claimed ${claimedAt.toISOString()} · ${elapsedMs} ms`;
}

/** The fields of a line jobLogLine wrote; null for any other line. */
export function parseJobLogLine(line: string): {
  jobId: string;
  kind: string;
  outcome: JobOutcome;
  attempt: number;
  owner: string;
  claimedAt: Date;
  elapsedMs: number;
} | null {
  const match =
    /^job (\S+) (\S+) (succeeded|failed|paused|cancelled|lost|released) · attempt (\d+) · worker (\S+) · claimed (\S+) · (\d+) ms$/.exec(
      line,
    );
  if (!match) return null;
  const [, jobId, kind, outcome, attempt, owner, claimedAt, elapsedMs] = match;
  return {
    jobId: jobId!,
    kind: kind!,
    outcome: outcome as JobOutcome,
    attempt: Number(attempt),
    owner: owner!,
    claimedAt: new Date(claimedAt!),
    elapsedMs: Number(elapsedMs),
  };
}
