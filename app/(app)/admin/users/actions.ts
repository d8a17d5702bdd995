"use server";

import { revalidatePath } from "next/cache";
import { addUser } from "@/lib/auth/add-user";
import { newUserSchema } from "@/lib/auth/new-user-schema";
import { db } from "@/lib/db/client";
import { removeDemoAccounts } from "@/lib/demo/remove-demo-accounts";
import { serverAction } from "@/lib/http/server-action";

/** Admin only: creates an account under the rules `goldenset add-user` follows (newUserSchema). */
export const addUserAction = serverAction({ access: "admin", schema: newUserSchema }, async (input) => {
  const user = await addUser(db(), input);
  revalidatePath("/admin/users");
  return user;
});

/**
 * Admin only: deletes every demo account at once (refused while the admin is one of them, or when
 * no other admin would remain). Every page's banner goes with them.
 */
export const removeDemoAccountsAction = serverAction({ access: "admin" }, async (_input, { user }) => {
  const result = await removeDemoAccounts(db(), { actor: user });
  revalidatePath("/", "layout");
  return result;
});
