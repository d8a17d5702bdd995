"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { addUser } from "@/lib/auth/add-user";
import { changeUserRole, resetUserPassword, setUserActive } from "@/lib/auth/administer-user";
import { newUserSchema } from "@/lib/auth/new-user-schema";
import { roleSchema } from "@/lib/auth/role-schema";
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

const userIdField = z.string().min(1, "userId: required");

/** Admin only: gives another user a role (not one's own; never the last active admin away). */
export const changeUserRoleAction = serverAction(
  {
    access: "admin",
    schema: z.object({
      userId: userIdField,
      role: z.enum(roleSchema.options, `role: must be one of ${roleSchema.options.join(", ")}`),
    }),
  },
  async (input, { user }) => {
    await changeUserRole(db(), { actor: user, userId: input.userId, role: input.role });
    revalidatePath("/admin/users");
    return { role: input.role }; // the form confirms what changed
  },
);

/** Admin only: deactivates (sessions end, sign-in refused) or reactivates another user. */
export const setUserActiveAction = serverAction(
  {
    access: "admin",
    schema: z.object({ userId: userIdField, active: z.enum(["true", "false"], "active: true or false") }),
  },
  async (input, { user }) => {
    const active = input.active === "true";
    await setUserActive(db(), { actor: user, userId: input.userId, active });
    revalidatePath("/admin/users");
    return { active }; // the form confirms what changed
  },
);

/** Admin only: sets a user's password under the new-user rules; their sessions end. */
export const resetUserPasswordAction = serverAction(
  { access: "admin", schema: z.object({ userId: userIdField, password: z.string() }) },
  async (input, { user }) => {
    await resetUserPassword(db(), { actor: user, userId: input.userId, password: input.password });
  },
);
