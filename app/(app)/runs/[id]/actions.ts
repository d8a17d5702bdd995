"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { db } from "@/lib/db/client";
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

/** Pins the run as its set's baseline: run pages and comparisons compare against it by default. */
export const pinBaselineRunAction = serverAction(
  { access: "evaluate", bound: [runId] },
  async (_input, { bound: [id] }) => {
    await pinBaselineRun(db(), { runId: id });
    revalidatePath("/", "layout");
  },
);

export const unpinBaselineRunAction = serverAction(
  { access: "evaluate", bound: [runId] },
  async (_input, { bound: [id] }) => {
    await unpinBaselineRun(db(), { runId: id });
    revalidatePath("/", "layout");
  },
);

/** Hides the run from lists and pickers; it is never deleted, and "show archived" finds it. */
export const archiveRunAction = serverAction(
  { access: "evaluate", bound: [runId] },
  async (_input, { bound: [id] }) => {
    await archiveRun(db(), { runId: id });
    revalidatePath("/", "layout");
  },
);

export const unarchiveRunAction = serverAction(
  { access: "evaluate", bound: [runId] },
  async (_input, { bound: [id] }) => {
    await unarchiveRun(db(), { runId: id });
    revalidatePath("/", "layout");
  },
);

/** Replaces the run's tags with the form's comma-separated list. */
export const saveRunTagsAction = serverAction(
  { access: "evaluate", schema: runTagsFormSchema, bound: [runId] },
  async ({ tags }, { bound: [id] }) => {
    const saved = await saveRunTags(db(), { runId: id, tags });
    revalidatePath("/", "layout");
    return { tags: saved };
  },
);
