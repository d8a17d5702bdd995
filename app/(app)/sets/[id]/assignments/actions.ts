"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { removeOpenAssignments } from "@/lib/db/assignments";
import { db } from "@/lib/db/client";
import { serverAction } from "@/lib/http/server-action";
import { assignQueriesInputSchema } from "@/lib/labeling/queue-schema";
import { assignQueries } from "@/lib/queue/assign-queries";

// Assigning a set's queries to annotators: engineers and admins (permission "assign"). Both are
// bound to the set of the page.
const setId = z.string().min(1);

/** Deals the set's unassigned queries among the chosen annotators, with an overlap share. */
export const assignQueriesAction = serverAction(
  {
    access: "assign",
    schema: assignQueriesInputSchema,
    bound: [setId],
    formInput: (form) => ({
      annotatorIds: form.getAll("annotatorIds").map(String),
      overlapPercent: form.get("overlapPercent") ?? "",
    }),
  },
  async (input, { user, bound: [id] }) => {
    const made = await assignQueries(db(), { setId: id, input, actorId: user.id });
    revalidatePath("/sets", "layout");
    return made;
  },
);

/** Removes the set's assignments nobody has acted on yet (started work keeps its assignment). */
export const clearOpenAssignmentsAction = serverAction(
  { access: "assign", bound: [setId] },
  async (_input, { bound: [id] }) => {
    const removed = await removeOpenAssignments(db(), id);
    revalidatePath("/sets", "layout");
    return { removed };
  },
);
