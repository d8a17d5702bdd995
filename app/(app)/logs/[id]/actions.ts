"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { sampleIntoSet } from "@/lib/curation/sample-into-set";
import { db } from "@/lib/db/client";
import { addQueriesToSet, getGoldenSet } from "@/lib/db/golden-sets";
import { getLogQueriesByIds } from "@/lib/db/query-logs";
import { AppError } from "@/lib/errors";
import { sampleIntoSetFormSchema } from "@/lib/logs/sample-into-set-schema";

export type AddToSetState = {
  error?: string;
  added?: { setId: string; setName: string; added: number; skipped: number };
};

const addToSetSchema = z.object({
  setId: z.string({ error: "Choose a golden set" }).min(1, "Choose a golden set"),
  logQueryIds: z
    .array(z.string().min(1))
    .min(1, "Select at least one query")
    .max(1000, "Select at most 1,000 queries at a time"),
});

/** Adds the checked log queries (their most frequent spelling) to a golden set, keeping provenance. */
export async function addLogQueriesToSetAction(
  _state: AddToSetState,
  formData: FormData,
): Promise<AddToSetState> {
  try {
    await requireUser("curate");
    const input = addToSetSchema.parse({
      setId: formData.get("setId") ?? undefined,
      logQueryIds: formData.getAll("logQueryId"),
    });
    const set = await getGoldenSet(db(), input.setId);
    const logQueries = await getLogQueriesByIds(db(), input.logQueryIds);
    if (logQueries.length === 0) return { error: "Those queries no longer exist; reload the page." };
    const result = await addQueriesToSet(db(), {
      setId: set.id,
      queries: logQueries.map((logQuery) => ({
        text: logQuery.display,
        logQuery: { id: logQuery.id, normalized: logQuery.normalized },
      })),
    });
    revalidatePath(`/sets/${set.id}`);
    revalidatePath("/sets");
    return { added: { setId: set.id, setName: set.name, ...result } };
  } catch (error) {
    if (error instanceof z.ZodError) return { error: error.issues[0]?.message ?? "Invalid input" };
    if (error instanceof AppError) return { error: error.message };
    throw error;
  }
}

export type SampleIntoSetState = { error?: string };

/** Samples this log into a golden set, then opens the set with a summary (?sampled=N). */
export async function sampleIntoSetAction(
  queryLogId: string,
  _state: SampleIntoSetState,
  formData: FormData,
): Promise<SampleIntoSetState> {
  let target: string;
  try {
    await requireUser("curate");
    const input = sampleIntoSetFormSchema.parse(Object.fromEntries(formData));
    const result = await sampleIntoSet(db(), { ...input, queryLogId });
    revalidatePath(`/sets/${result.setId}`);
    revalidatePath("/sets");
    const params = new URLSearchParams({ sampled: String(result.added), strategy: input.strategy });
    if (result.skippedNearDuplicates > 0) params.set("nearDuplicates", String(result.skippedNearDuplicates));
    target = `/sets/${result.setId}?${params}`;
  } catch (error) {
    if (error instanceof z.ZodError) return { error: error.issues[0]?.message ?? "Invalid input" };
    if (error instanceof AppError) return { error: error.message };
    throw error;
  }
  redirect(target);
}
