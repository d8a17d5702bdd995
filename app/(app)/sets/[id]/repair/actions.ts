"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { deleteLabel } from "@/lib/curation/change-label";
import { reanchorLabel } from "@/lib/curation/reanchor-label";
import { db } from "@/lib/db/client";
import { serverFunction } from "@/lib/http/server-action";

// The repair queue's actions, bound to the set and called with one input. Any role that labels
// may call them; whose label may be repaired or dropped (annotators their own, engineers and
// admins anyone's) is decided in lib/curation with the label in hand.
const id = z.string().min(1);

/** Re-anchors the label on the chosen span of its document's current version. */
export const acceptRepairCandidateAction = serverFunction(
  {
    access: "label",
    schema: z.object({
      labelId: id,
      documentVersion: z.number().int().min(1),
      start: z.number().int().min(0),
      end: z.number().int().min(1),
    }),
    bound: [id],
  },
  async (input, { user, bound: [setId] }) => {
    const result = await reanchorLabel(db(), { ...input, setId, actor: user });
    revalidatePath("/sets", "layout");
    return result;
  },
);

/** Drops the label: deleted, and kept whole in the label history (an admin can restore it). */
export const dropRepairLabelAction = serverFunction(
  { access: "label", schema: z.object({ labelId: id, queryId: id }), bound: [id] },
  async ({ labelId, queryId }, { user, bound: [setId] }) => {
    await deleteLabel(db(), { setId, queryId, labelId, actor: user });
    revalidatePath("/sets", "layout");
  },
);
