"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { type Db, db } from "@/lib/db/client";
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

/**
 * An action on the bound job of the bound set: the job must belong to the set (else "not found",
 * as for an unknown id).
 */
function judgingJobAction(act: (prisma: Db, options: { jobId: string }) => Promise<void>) {
  return serverAction({ access: "evaluate", bound: [id, id] }, async (_input, { bound: [setId, jobId] }) => {
    const job = await getJudgingJob(db(), jobId);
    if (job.setId !== setId) throw new AppError("not_found", "No such judging job on this set.");
    await act(db(), { jobId });
    revalidatePath(`/sets/${setId}/judging`);
  });
}

/** Cancels a queued, paused or running job (a running one stops after the requests in flight). */
export const cancelJudgingAction = judgingJobAction(cancelJudgingJob);

/** Queues a paused or failed job again; pairs it finished are not sent again. */
export const resumeJudgingAction = judgingJobAction(resumeJudgingJob);
