import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

/** Inserts a user and its email/password credential (better-auth's tables) in one transaction. */
export async function insertUserWithCredential(
  prisma: Db,
  options: { name: string; email: string; role: string; passwordHash: string },
): Promise<string> {
  if (await prisma.user.findUnique({ where: { email: options.email } })) {
    throw new AppError("conflict", `A user with email ${options.email} already exists.`, { path: ["email"] });
  }
  const id = randomUUID();
  await prisma.$transaction([
    prisma.user.create({
      data: { id, name: options.name, email: options.email, role: options.role, emailVerified: true },
    }),
    prisma.account.create({
      data: {
        id: randomUUID(),
        accountId: id,
        providerId: "credential",
        userId: id,
        password: options.passwordHash,
      },
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

export function findUserNames(prisma: Db, ids: string[]): Promise<{ id: string; name: string }[]> {
  return prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
}
