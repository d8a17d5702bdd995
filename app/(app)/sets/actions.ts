"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { createGoldenSet } from "@/lib/db/golden-sets";
import { AppError } from "@/lib/errors";
import { createSetInputSchema } from "@/lib/sets/set-schema";

/** `values` echo the submitted fields so the form keeps them when it shows an error. */
export type CreateSetState = {
  error?: string;
  values?: { name: string; description: string; corpusId: string };
};

/** Creates an empty golden set over a corpus and opens it. */
export async function createSetAction(_state: CreateSetState, formData: FormData): Promise<CreateSetState> {
  const values = {
    name: String(formData.get("name") ?? ""),
    description: String(formData.get("description") ?? ""),
    corpusId: String(formData.get("corpusId") ?? ""),
  };
  let setId: string;
  try {
    await requireUser("curate");
    ({ id: setId } = await createGoldenSet(db(), createSetInputSchema.parse(values)));
  } catch (error) {
    if (error instanceof z.ZodError) return { error: error.issues[0]?.message ?? "Invalid input", values };
    if (error instanceof AppError) return { error: error.message, values };
    throw error;
  }
  revalidatePath("/sets");
  redirect(`/sets/${setId}`);
}
