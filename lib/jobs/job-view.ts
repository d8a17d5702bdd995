import { z } from "zod";

/**
 * `paused`: a judging job stopped at its budget (resumable); `cancelled`: someone stopped it.
 * Other job kinds only ever go queued → running → succeeded | failed.
 */
export const jobStatusSchema = z.enum(["queued", "running", "succeeded", "failed", "paused", "cancelled"]);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** What `GET /api/jobs/<id>` answers and the progress UI polls. */
const jobViewSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: jobStatusSchema,
  /** Fraction done, 0..1. */
  progress: z.number(),
  message: z.string(),
  error: z.string().nullable(),
  /** what the job's handler returned (e.g. a run id or an import summary); null until it succeeds */
  result: z.unknown(),
});
export type JobView = z.infer<typeof jobViewSchema>;

/** Nothing changes any more without someone acting (a paused job waits to be resumed). */
export function isTerminal(status: JobStatus): boolean {
  return status === "succeeded" || status === "failed" || status === "paused" || status === "cancelled";
}

/** Parses a response body; null when it is not a job view. */
export function parseJobView(body: unknown): JobView | null {
  const parsed = jobViewSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}
