"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { db } from "@/lib/db/client";
import { createGoldenSet } from "@/lib/db/golden-sets";
import { serverAction } from "@/lib/http/server-action";
import { createSetInputSchema } from "@/lib/sets/set-schema";

/** Creates an empty golden set over a corpus and opens it. */
export const createSetAction = serverAction(
  { access: "curate", schema: createSetInputSchema },
  async (input) => {
    const { id } = await createGoldenSet(db(), input);
    revalidatePath("/sets");
    redirect(`/sets/${id}`);
  },
);
