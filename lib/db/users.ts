import { randomUUID } from "node:crypto";
import { hashPassword } from "@/lib/auth/password";
import type { Role } from "@/lib/auth/roles";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

/** Creates a user with an email/password credential in better-auth's tables. */
export async function createUserWithPassword(
  prisma: Db,
  options: { name: string; email: string; password: string; role: Role },
): Promise<string> {
  if (await prisma.user.findUnique({ where: { email: options.email } })) {
    throw new AppError("conflict", `A user with email ${options.email} already exists.`);
  }
  const id = randomUUID();
  const passwordHash = await hashPassword(options.password);
  await prisma.$transaction([
    prisma.user.create({
      data: { id, name: options.name, email: options.email, role: options.role, emailVerified: true },
    }),
    prisma.account.create({
      data: { id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: passwordHash },
    }),
  ]);
  return id;
}

export function countUsers(prisma: Db): Promise<number> {
  return prisma.user.count();
}

export function findUsersByEmail(prisma: Db, emails: string[]) {
  return prisma.user.findMany({
    where: { email: { in: emails } },
    select: { id: true, email: true, name: true, role: true },
  });
}
