"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { createApiToken } from "@/lib/api-tokens/create-api-token";
import { revokeApiToken } from "@/lib/db/api-tokens";
import { db } from "@/lib/db/client";
import { serverAction } from "@/lib/http/server-action";

const newTokenSchema = z.object({
  name: z.string().trim().min(1, "Name the token (what uses it, e.g. “CI”)").max(100),
});

/** Any signed-in user: a personal API token acting with their role, returned once. */
export const createTokenAction = serverAction(
  { access: "signed-in", schema: newTokenSchema },
  async (input, { user }) => {
    const created = await createApiToken(db(), { userId: user.id, name: input.name });
    revalidatePath("/settings/tokens");
    return created;
  },
);

/** Revokes one of the signed-in user's own tokens (another user's is not found). */
export const revokeTokenAction = serverAction(
  { access: "signed-in", bound: [z.string().min(1)] },
  async (_input, { user, bound: [id] }) => {
    await revokeApiToken(db(), { id, userId: user.id });
    revalidatePath("/settings/tokens");
  },
);
