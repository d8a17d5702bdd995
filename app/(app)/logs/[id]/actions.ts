"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { sampleIntoSet } from "@/lib/curation/sample-into-set";
import { db } from "@/lib/db/client";
import { addQueriesToSet, getGoldenSet } from "@/lib/db/golden-sets";
import { getLogQueriesByIds } from "@/lib/db/query-logs";
import { AppError } from "@/lib/errors";
import { serverAction } from "@/lib/http/server-action";
import { sampleIntoSetFormSchema } from "@/lib/logs/sample-into-set-schema";

const addToSetSchema = z.object({
  setId: z.string({ error: "Choose a golden set" }).min(1, "Choose a golden set"),
  logQueryIds: z
    .array(z.string().min(1))
    .min(1, "Select at least one query")
    .max(1000, "Select at most 1,000 queries at a time"),
});

/** Adds the checked log queries (their most frequent spelling) to a golden set, keeping provenance. */
export const addLogQueriesToSetAction = serverAction(
  {
    access: "curate",
    schema: addToSetSchema,
    formInput: (form) => ({ setId: form.get("setId") ?? undefined, logQueryIds: form.getAll("logQueryId") }),
  },
  async (input) => {
    const set = await getGoldenSet(db(), input.setId);
    const logQueries = await getLogQueriesByIds(db(), input.logQueryIds);
    if (logQueries.length === 0)
      throw new AppError("not_found", "Those queries no longer exist; reload the page.");
    const result = await addQueriesToSet(db(), {
      setId: set.id,
      queries: logQueries.map((logQuery) => ({
        text: logQuery.display,
        logQuery: { id: logQuery.id, normalized: logQuery.normalized },
      })),
    });
    revalidatePath(`/sets/${set.id}`);
    revalidatePath("/sets");
    return { setId: set.id, setName: set.name, ...result };
  },
);

/** Samples this log into a golden set, then opens the set with a summary (?sampled=N). Bound to the log. */
export const sampleIntoSetAction = serverAction(
  { access: "curate", schema: sampleIntoSetFormSchema, bound: [z.string().min(1)] },
  async (input, { bound: [queryLogId] }) => {
    const result = await sampleIntoSet(db(), { ...input, queryLogId });
    revalidatePath(`/sets/${result.setId}`);
    revalidatePath("/sets");
    const params = new URLSearchParams({ sampled: String(result.added), strategy: input.strategy });
    if (result.skippedNearDuplicates > 0) params.set("nearDuplicates", String(result.skippedNearDuplicates));
    redirect(`/sets/${result.setId}?${params}`);
  },
);
