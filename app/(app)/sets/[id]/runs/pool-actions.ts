"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { updatePoolSettings } from "@/lib/db/candidate-pools";
import { db } from "@/lib/db/client";
import { serverAction } from "@/lib/http/server-action";
import { poolSettingsInputSchema } from "@/lib/pooling/pool-settings-schema";

/**
 * Saves which runs' results the set pools as labeling candidates, and how deep (engineers and
 * admins: it changes what every annotator of the set sees). Bound to the set.
 */
export const savePoolSettingsAction = serverAction(
  {
    access: "evaluate",
    schema: poolSettingsInputSchema,
    bound: [z.string().min(1)],
    formInput: (form) => ({ depth: form.get("depth"), runIds: form.getAll("runId") }),
  },
  async ({ depth, runIds }, { bound: [setId] }) => {
    await updatePoolSettings(db(), { setId, depth, runIds });
    revalidatePath(`/sets/${setId}`, "layout");
    return { depth, runs: runIds.length };
  },
);
