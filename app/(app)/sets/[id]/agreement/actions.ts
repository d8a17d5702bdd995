"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { clearAdjudication, saveAdjudicatedLabel } from "@/lib/curation/save-adjudicated-label";
import { db } from "@/lib/db/client";
import { serverAction } from "@/lib/http/server-action";
import { adjudicationInputSchema, clearAdjudicationInputSchema } from "@/lib/sets/adjudication-schema";

// The disagreement view's forms, bound to the set of the page. Adjudicators only (engineers and
// admins: permission "adjudicate"); lib/curation checks the role again with the label in hand.
const setId = z.string().min(1);

/** Records the deciding judgment on a (query, document) pair: the whole document or an adopted quote. */
export const adjudicateAction = serverAction(
  { access: "adjudicate", schema: adjudicationInputSchema, bound: [setId] },
  async (input, { user, bound: [id] }) => {
    const result = await saveAdjudicatedLabel(db(), {
      setId: id,
      queryId: input.queryId,
      documentId: input.documentId,
      grade: input.grade,
      adoptLabelId: input.target === "document" ? null : input.target,
      actor: user,
    });
    revalidatePath(`/sets/${id}`, "layout");
    return { outcome: result.outcome, replaced: result.replaced };
  },
);

/** Withdraws the decision on a pair: the set's judgment policy decides it again. */
export const clearAdjudicationAction = serverAction(
  { access: "adjudicate", schema: clearAdjudicationInputSchema, bound: [setId] },
  async (input, { user, bound: [id] }) => {
    const removed = await clearAdjudication(db(), { setId: id, ...input, actor: user });
    revalidatePath(`/sets/${id}`, "layout");
    return { removed };
  },
);
