import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

/** Saves a token's hash and prefix for its owner; the token itself is never stored. */
export function insertApiToken(
  prisma: Db,
  options: { userId: string; name: string; hash: string; prefix: string },
) {
  return prisma.apiToken.create({ data: options, select: { id: true } });
}

/** A user's tokens, newest first, revoked ones included (the page shows them as revoked). */
export function listApiTokens(prisma: Db, options: { userId: string }) {
  return prisma.apiToken.findMany({
    where: { userId: options.userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
}

/** The token with this hash and its owner (role, deactivation), or null. */
export function findApiTokenByHash(prisma: Db, hash: string) {
  return prisma.apiToken.findUnique({
    where: { hash },
    select: {
      id: true,
      revokedAt: true,
      lastUsedAt: true,
      user: { select: { id: true, name: true, email: true, role: true, deactivatedAt: true } },
    },
  });
}

/** Records a use of the token (callers throttle it: at most once a minute). */
export async function touchApiToken(prisma: Db, options: { id: string; at: Date }): Promise<void> {
  await prisma.apiToken.update({ where: { id: options.id }, data: { lastUsedAt: options.at } });
}

/** Revokes one of the user's tokens (not_found for another user's or an unknown one); idempotent. */
export async function revokeApiToken(prisma: Db, options: { id: string; userId: string }): Promise<void> {
  const { count } = await prisma.apiToken.updateMany({
    where: { id: options.id, userId: options.userId },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw new AppError("not_found", "No such token.");
}

/** The user with this email (for `goldenset create-token`); not_found otherwise. */
export async function findUserIdByEmail(
  prisma: Db,
  email: string,
): Promise<{ id: string; deactivatedAt: Date | null }> {
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true, deactivatedAt: true } });
  if (!user) throw new AppError("not_found", `No user with the email ${email}.`);
  return user;
}
