"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { setQueryStatus } from "@/lib/db/golden-sets";
import { createDocumentLabel, createQuoteLabel, deleteLabel } from "@/lib/db/labels";
import { AppError } from "@/lib/errors";
import {
  createDocumentLabelInputSchema,
  createQuoteLabelInputSchema,
  queryStatusSchema,
} from "@/lib/sets/set-schema";

type Result = { error?: string; warning?: string };

/** Actions answer `{ error }` for the expected failures so the labeling page can show them. */
async function run(action: () => Promise<Result | undefined>): Promise<Result> {
  try {
    return (await action()) ?? {};
  } catch (error) {
    if (error instanceof AppError) return { error: error.message };
    if (error instanceof z.ZodError) return { error: error.issues[0]?.message ?? "Invalid input" };
    throw error;
  }
}

type WithoutQuery<T> = Omit<T, "queryId">;

// Each action is bound to its query on the page (`action.bind(null, queryId)`).

export async function createQuoteLabelAction(
  queryId: string,
  input: WithoutQuery<z.input<typeof createQuoteLabelInputSchema>>,
): Promise<Result> {
  return run(async () => {
    const user = await requireUser("label");
    const parsed = createQuoteLabelInputSchema.parse({ ...input, queryId });
    const { warning } = await createQuoteLabel(db(), { ...parsed, annotatorId: user.id });
    revalidatePath("/sets", "layout");
    return warning ? { warning } : {};
  });
}

export async function createDocumentLabelAction(
  queryId: string,
  input: WithoutQuery<z.input<typeof createDocumentLabelInputSchema>>,
): Promise<Result> {
  return run(async () => {
    const user = await requireUser("label");
    const parsed = createDocumentLabelInputSchema.parse({ ...input, queryId });
    await createDocumentLabel(db(), { ...parsed, annotatorId: user.id });
    revalidatePath("/sets", "layout");
    return {};
  });
}

export async function deleteLabelAction(_queryId: string, input: { labelId: string }): Promise<Result> {
  return run(async () => {
    await requireUser("label");
    await deleteLabel(db(), { labelId: z.string().min(1).parse(input.labelId) });
    revalidatePath("/sets", "layout");
    return {};
  });
}

export async function setQueryStatusAction(queryId: string, input: { status: string }): Promise<Result> {
  return run(async () => {
    await requireUser("label");
    await setQueryStatus(db(), {
      queryId: z.string().min(1).parse(queryId),
      status: queryStatusSchema.parse(input.status),
    });
    revalidatePath("/sets", "layout");
    return {};
  });
}
