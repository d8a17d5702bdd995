"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { setQueryStatus } from "@/lib/db/golden-sets";
import { createDocumentLabel, createQuoteLabel, deleteLabel } from "@/lib/db/labels";
import { serverFunction } from "@/lib/http/server-action";
import {
  createDocumentLabelInputSchema,
  createQuoteLabelInputSchema,
  queryStatusSchema,
} from "@/lib/sets/set-schema";

// Each action is bound to its query on the page (`action.bind(null, queryId)`) and called by the
// labeling workspace with one input object.
const bound = [z.string().min(1)] as const;

export const createQuoteLabelAction = serverFunction(
  { access: "label", schema: createQuoteLabelInputSchema.omit({ queryId: true }), bound },
  async (input, { user, bound: [queryId] }) => {
    const { warning } = await createQuoteLabel(db(), { ...input, queryId, annotatorId: user.id });
    revalidatePath("/sets", "layout");
    return { warning };
  },
);

export const createDocumentLabelAction = serverFunction(
  { access: "label", schema: createDocumentLabelInputSchema.omit({ queryId: true }), bound },
  async (input, { user, bound: [queryId] }) => {
    await createDocumentLabel(db(), { ...input, queryId, annotatorId: user.id });
    revalidatePath("/sets", "layout");
  },
);

export const deleteLabelAction = serverFunction(
  { access: "label", schema: z.object({ labelId: z.string().min(1) }), bound },
  async ({ labelId }) => {
    await deleteLabel(db(), { labelId });
    revalidatePath("/sets", "layout");
  },
);

export const setQueryStatusAction = serverFunction(
  { access: "label", schema: z.object({ status: queryStatusSchema }), bound },
  async ({ status }, { bound: [queryId] }) => {
    await setQueryStatus(db(), { queryId, status });
    revalidatePath("/sets", "layout");
  },
);
