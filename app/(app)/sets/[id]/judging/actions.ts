"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { cancelJudgingJob, getJudgingJob, resumeJudgingJob, startJudgingJob } from "@/lib/db/judging-jobs";
import { AppError } from "@/lib/errors";
import { serverAction } from "@/lib/http/server-action";
import { startJudgingFormInput, startJudgingSchema } from "@/lib/judging/start-judging-form";

// A set's Judging page: engineers and admins (permission "evaluate"), as for starting runs.
const id = z.string().min(1);

/** Starts a judging job on the bound set; the page then follows it. */
export const startJudgingAction = serverAction(
  { access: "evaluate", schema: startJudgingSchema, bound: [id], formInput: startJudgingFormInput },
  async (input, { user, bound: [setId] }) => {
    const { jobId } = await startJudgingJob(db(), {
      setId,
      judgeId: input.judgeId,
      source: input.source,
      createdById: user.id,
      prices: input.prices,
    });
    revalidatePath(`/sets/${setId}/judging`);
    return { jobId };
  },
);

/** The bound job, if it belongs to the bound set (else "not found", as for an unknown id). */
async function jobOfSet(setId: string, jobId: string) {
  const job = await getJudgingJob(db(), jobId);
  if (job.setId !== setId) throw new AppError("not_found", "No such judging job on this set.");
  return job;
}

/** Cancels a queued, paused or running job (a running one stops after the requests in flight). */
export const cancelJudgingAction = serverAction(
  { access: "evaluate", bound: [id, id] },
  async (_input, { bound: [setId, jobId] }) => {
    await jobOfSet(setId, jobId);
    await cancelJudgingJob(db(), { jobId });
    revalidatePath(`/sets/${setId}/judging`);
  },
);

/** Queues a paused or failed job again; pairs it finished are not sent again. */
export const resumeJudgingAction = serverAction(
  { access: "evaluate", bound: [id, id] },
  async (_input, { bound: [setId, jobId] }) => {
    await jobOfSet(setId, jobId);
    await resumeJudgingJob(db(), { jobId });
    revalidatePath(`/sets/${setId}/judging`);
  },
);
