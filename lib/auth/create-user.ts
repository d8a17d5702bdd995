import { hashPassword } from "@/lib/auth/password";
import type { Role } from "@/lib/auth/roles";
import type { Db } from "@/lib/db/client";
import { insertUserWithCredential } from "@/lib/db/users";

/** Creates a user who signs in with email and password; the password is stored only as a hash. */
export async function createUserWithPassword(
  prisma: Db,
  options: { name: string; email: string; password: string; role: Role },
): Promise<string> {
  const passwordHash = await hashPassword(options.password);
  return insertUserWithCredential(prisma, {
    name: options.name,
    email: options.email,
    role: options.role,
    passwordHash,
  });
}
