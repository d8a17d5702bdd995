"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { restoreLabel } from "@/lib/curation/restore-label";
import { db } from "@/lib/db/client";
import { serverAction } from "@/lib/http/server-action";

const id = z.string().min(1);

/** Restores a deleted label from its `deleted` event (admins only; bound to the set and the event). */
export const restoreLabelAction = serverAction(
  { access: "admin", bound: [id, id] },
  async (_input, { user, bound: [setId, eventId] }) => {
    await restoreLabel(db(), { actor: user, setId, eventId });
    revalidatePath("/sets", "layout");
  },
);
