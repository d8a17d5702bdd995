"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { addQueriesToSet, getGoldenSet, getQueryInSet, removeQuery } from "@/lib/db/golden-sets";
import { AppError } from "@/lib/errors";

/** `text` echoes the submitted query so the form keeps it when it shows an error. */
export type QueryFormState = { error?: string; added?: string; text?: string };

const addQuerySchema = z.object({
  text: z.string().trim().min(1, "Type a query first").max(1000, "A query is at most 1,000 characters"),
});

async function answer(action: () => Promise<QueryFormState>): Promise<QueryFormState> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof z.ZodError) return { error: error.issues[0]?.message ?? "Invalid input" };
    if (error instanceof AppError) return { error: error.message };
    throw error;
  }
}

/** Adds a query typed by hand at the end of the set (bound to the set on the page). */
export async function addQueryAction(
  setId: string,
  _state: QueryFormState,
  formData: FormData,
): Promise<QueryFormState> {
  return answer(async () => {
    const submitted = String(formData.get("text") ?? "");
    const failed = (error: string) => ({ error, text: submitted });
    await requireUser("curate");
    const parsed = addQuerySchema.safeParse({ text: submitted });
    if (!parsed.success) return failed(parsed.error.issues[0]?.message ?? "Invalid query");
    const { text } = parsed.data;
    const set = await getGoldenSet(db(), setId);
    const { added } = await addQueriesToSet(db(), { setId: set.id, queries: [{ text }] });
    if (added === 0) return failed("That query is already in the set.");
    revalidatePath(`/sets/${set.id}`);
    return { added: text };
  });
}

/** Removes a query that has no labels (bound to the set and the query on the page). */
export async function removeQueryAction(
  setId: string,
  queryId: string,
  _state: QueryFormState,
): Promise<QueryFormState> {
  return answer(async () => {
    await requireUser("curate");
    const { query } = await getQueryInSet(db(), { setId, queryId });
    await removeQuery(db(), { queryId: query.id });
    revalidatePath(`/sets/${setId}`);
    return {};
  });
}
