"use server";

import { z } from "zod";
import { changeLabelGrade, deleteLabel } from "@/lib/curation/change-label";
import { undoLabelDeletion } from "@/lib/curation/restore-label";
import { saveDocumentLabel, saveQuoteLabel } from "@/lib/curation/save-label";
import { db } from "@/lib/db/client";
import { updateQueryDetails } from "@/lib/db/queue";
import { serverFunction } from "@/lib/http/server-action";
import { queryDetailsInputSchema, recordProgressInputSchema } from "@/lib/labeling/queue-schema";
import { holdQueryLock } from "@/lib/queue/hold-query-lock";
import { recordProgress } from "@/lib/queue/record-progress";
import {
  changeLabelGradeInputSchema,
  createDocumentLabelInputSchema,
  createQuoteLabelInputSchema,
} from "@/lib/sets/set-schema";

// The label actions are bound to the set and query of the page (`action.bind(null, setId, queryId)`)
// and called by the labeling workspace with one input object. They answer what changed (the label
// as the workspace shows it, the query's status) and revalidate nothing: the workspace merges the
// answer into its state, every other page is dynamic (rendered afresh when opened), and Back or
// Forward after such a write refreshes the page it restores (components/shell/history-freshness).
// Any role that labels may call them; who may change which label (annotators their own, engineers
// and admins anyone's) is decided in lib/curation with the label in hand.
const id = z.string().min(1);
const setAndQuery = [id, id] as const;

export const createQuoteLabelAction = serverFunction(
  { access: "label", schema: createQuoteLabelInputSchema.omit({ queryId: true }), bound: setAndQuery },
  async (input, { user, bound: [setId, queryId] }) => {
    return saveQuoteLabel(db(), { ...input, setId, queryId, actor: user });
  },
);

export const createDocumentLabelAction = serverFunction(
  { access: "label", schema: createDocumentLabelInputSchema.omit({ queryId: true }), bound: setAndQuery },
  async (input, { user, bound: [setId, queryId] }) => {
    return saveDocumentLabel(db(), { ...input, setId, queryId, actor: user });
  },
);

export const changeLabelGradeAction = serverFunction(
  { access: "label", schema: changeLabelGradeInputSchema, bound: setAndQuery },
  async (input, { user, bound: [setId, queryId] }) => {
    return changeLabelGrade(db(), { ...input, setId, queryId, actor: user });
  },
);

export const deleteLabelAction = serverFunction(
  { access: "label", schema: z.object({ labelId: id }), bound: setAndQuery },
  async ({ labelId }, { user, bound: [setId, queryId] }) => {
    await deleteLabel(db(), { labelId, setId, queryId, actor: user });
  },
);

/** Undo of a delete in the workspace: the deleter brings the label back (lib/curation/restore-label). */
export const undoDeleteLabelAction = serverFunction(
  { access: "label", schema: z.object({ labelId: id }), bound: setAndQuery },
  async ({ labelId }, { user, bound: [setId, queryId] }) => {
    const { queryStatus } = await undoLabelDeletion(db(), { labelId, setId, queryId, actor: user });
    return { queryStatus };
  },
);

// The queue's actions, bound to the set and query like the label actions (lib/queue).

/**
 * What the signed-in annotator did with the query — done, no answer in corpus, skipped or can't
 * judge (with a reason), or reopen — kept per annotator; the set-level status follows
 * (lib/labeling/query-status-after.ts). The workspace then opens the next query needing them.
 */
export const recordProgressAction = serverFunction(
  { access: "label", schema: recordProgressInputSchema, bound: setAndQuery },
  async (input, { user, bound: [setId, queryId] }) => {
    const { status } = await recordProgress(db(), { setId, queryId, userId: user.id, input });
    return { status };
  },
);

/**
 * Takes or renews the query's short lock for the signed-in user while the workspace is open;
 * answers who holds it instead when someone else does. Leaving the query releases it through
 * the route `POST /api/sets/[id]/queries/[queryId]/lock/release` (a beacon outlives the page).
 */
export const holdQueryLockAction = serverFunction(
  { access: "label", schema: z.object({}), bound: setAndQuery },
  async (_input, { user, bound: [setId, queryId] }) => {
    const answer = await holdQueryLock(db(), { setId, queryId, userId: user.id, now: new Date() });
    return answer.held
      ? { holder: null }
      : {
          holder: { name: answer.holder.name, until: answer.holder.until.toISOString() },
          overlap: answer.overlap,
        };
  },
);

/** Saves the query's information need and notes; answers them as saved. */
export const saveQueryDetailsAction = serverFunction(
  { access: "label", schema: queryDetailsInputSchema, bound: setAndQuery },
  async (input, { bound: [setId, queryId] }) => {
    await updateQueryDetails(db(), { setId, queryId, ...input });
    return input;
  },
);
