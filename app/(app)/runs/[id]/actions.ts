"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { type Db, db } from "@/lib/db/client";
import {
  archiveRun,
  pinBaselineRun,
  saveRunTags,
  unarchiveRun,
  unpinBaselineRun,
} from "@/lib/db/run-curation";
import { runTagsFormSchema } from "@/lib/eval/run-report-schema";
import { serverAction } from "@/lib/http/server-action";

const runId = z.string().min(1);

// Each is bound to the run on its page. Pages listing runs, charts and pickers all change with
// these, so the whole app layout is revalidated.
function runCurationAction(curate: (prisma: Db, options: { runId: string }) => Promise<void>) {
  return serverAction({ access: "evaluate", bound: [runId] }, async (_input, { bound: [id] }) => {
    await curate(db(), { runId: id });
    revalidatePath("/", "layout");
  });
}

/** Pins the run as its set's baseline: run pages and comparisons compare against it by default. */
export const pinBaselineRunAction = runCurationAction(pinBaselineRun);

export const unpinBaselineRunAction = runCurationAction(unpinBaselineRun);

/** Hides the run from lists and pickers; it is never deleted, and "show archived" finds it. */
export const archiveRunAction = runCurationAction(archiveRun);

export const unarchiveRunAction = runCurationAction(unarchiveRun);

/** Replaces the run's tags with the form's comma-separated list. */
export const saveRunTagsAction = serverAction(
  { access: "evaluate", schema: runTagsFormSchema, bound: [runId] },
  async ({ tags }, { bound: [id] }) => {
    const saved = await saveRunTags(db(), { runId: id, tags });
    revalidatePath("/", "layout");
    return { tags: saved };
  },
);
