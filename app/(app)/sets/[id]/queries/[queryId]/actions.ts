"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { changeLabelGrade, deleteLabel } from "@/lib/curation/change-label";
import { undoLabelDeletion } from "@/lib/curation/restore-label";
import { saveDocumentLabel, saveQuoteLabel } from "@/lib/curation/save-label";
import { db } from "@/lib/db/client";
import { setQueryStatus } from "@/lib/db/golden-sets";
import { serverFunction } from "@/lib/http/server-action";
import {
  changeLabelGradeInputSchema,
  createDocumentLabelInputSchema,
  createQuoteLabelInputSchema,
  queryStatusSchema,
} from "@/lib/sets/set-schema";

// The label actions are bound to the set and query of the page (`action.bind(null, setId, queryId)`)
// and called by the labeling workspace with one input object. Any role that labels may call them;
// who may change which label (annotators their own, engineers and admins anyone's) is decided in
// lib/curation with the label in hand.
const id = z.string().min(1);
const setAndQuery = [id, id] as const;

export const createQuoteLabelAction = serverFunction(
  { access: "label", schema: createQuoteLabelInputSchema.omit({ queryId: true }), bound: setAndQuery },
  async (input, { user, bound: [setId, queryId] }) => {
    const { warning, outcome, labelId, previousGrade } = await saveQuoteLabel(db(), {
      ...input,
      setId,
      queryId,
      actor: user,
    });
    revalidatePath("/sets", "layout");
    return { warning, outcome, labelId, previousGrade };
  },
);

export const createDocumentLabelAction = serverFunction(
  { access: "label", schema: createDocumentLabelInputSchema.omit({ queryId: true }), bound: setAndQuery },
  async (input, { user, bound: [setId, queryId] }) => {
    const { outcome, labelId, previousGrade } = await saveDocumentLabel(db(), {
      ...input,
      setId,
      queryId,
      actor: user,
    });
    revalidatePath("/sets", "layout");
    return { outcome, labelId, previousGrade };
  },
);

export const changeLabelGradeAction = serverFunction(
  { access: "label", schema: changeLabelGradeInputSchema, bound: setAndQuery },
  async (input, { user, bound: [setId, queryId] }) => {
    const { outcome, previousGrade } = await changeLabelGrade(db(), {
      ...input,
      setId,
      queryId,
      actor: user,
    });
    revalidatePath("/sets", "layout");
    return { outcome, previousGrade };
  },
);

export const deleteLabelAction = serverFunction(
  { access: "label", schema: z.object({ labelId: id }), bound: setAndQuery },
  async ({ labelId }, { user, bound: [setId, queryId] }) => {
    await deleteLabel(db(), { labelId, setId, queryId, actor: user });
    revalidatePath("/sets", "layout");
  },
);

/** Undo of a delete in the workspace: the deleter brings the label back (lib/curation/restore-label). */
export const undoDeleteLabelAction = serverFunction(
  { access: "label", schema: z.object({ labelId: id }), bound: setAndQuery },
  async ({ labelId }, { user, bound: [setId, queryId] }) => {
    await undoLabelDeletion(db(), { labelId, setId, queryId, actor: user });
    revalidatePath("/sets", "layout");
  },
);

export const setQueryStatusAction = serverFunction(
  { access: "label", schema: z.object({ status: queryStatusSchema }), bound: [id] },
  async ({ status }, { bound: [queryId] }) => {
    await setQueryStatus(db(), { queryId, status });
    revalidatePath("/sets", "layout");
  },
);
