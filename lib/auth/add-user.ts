import { createUserWithPassword } from "@/lib/auth/create-user";
import { type NewUserInput, newUserSchema } from "@/lib/auth/new-user-schema";
import type { Role } from "@/lib/auth/roles";
import type { Db } from "@/lib/db/client";

/**
 * Creates an account people sign in with, after the password and email rules of newUserSchema
 * (a ZodError names what is wrong); `goldenset add-user` and the admin users page both call it.
 * A taken email is an AppError("conflict") on the email field.
 */
export async function addUser(
  prisma: Db,
  input: NewUserInput,
): Promise<{ id: string; email: string; role: Role }> {
  const user = newUserSchema.parse(input);
  const id = await createUserWithPassword(prisma, user);
  return { id, email: user.email, role: user.role };
}
