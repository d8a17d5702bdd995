import { z } from "zod";

/** What `GET /api/jobs/<id>` returns. */
export const jobSnapshotSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(["queued", "running", "succeeded", "failed"]),
  /** Fraction done, 0..1. */
  progress: z.number(),
  message: z.string(),
  error: z.string().nullable(),
});

export type JobSnapshot = z.infer<typeof jobSnapshotSchema>;
export type JobStatus = JobSnapshot["status"];

export function isTerminal(status: JobStatus): boolean {
  return status === "succeeded" || status === "failed";
}

/** Parses a response body; null when it is not a job snapshot. */
export function parseJobSnapshot(body: unknown): JobSnapshot | null {
  const parsed = jobSnapshotSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** Delay before the next poll: 700 ms normally, backing off to 5 s after consecutive failures. */
export function pollDelay(consecutiveFailures: number): number {
  return Math.min(5000, 700 * 2 ** Math.max(0, consecutiveFailures));
}
