import { hashApiToken, looksLikeApiToken } from "@/lib/api-tokens/token-format";
import { roleSchema } from "@/lib/auth/role-schema";
import type { CurrentUser } from "@/lib/auth/session";
import { findApiTokenByHash, touchApiToken } from "@/lib/db/api-tokens";
import type { Db } from "@/lib/db/client";

/** lastUsedAt is written at most this often per token. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The user a Bearer token acts for, with the owner's current role, and the token's id (the rate
 * limit's key); null for a token that is malformed, unknown, revoked, or whose owner is
 * deactivated. Records the use (lastUsedAt, at most once a minute).
 */
export async function authenticateApiToken(
  prisma: Db,
  options: { token: string; now?: Date },
): Promise<{ user: CurrentUser; tokenId: string } | null> {
  if (!looksLikeApiToken(options.token)) return null;
  const found = await findApiTokenByHash(prisma, hashApiToken(options.token));
  if (!found || found.revokedAt || found.user.deactivatedAt) return null;
  const now = options.now ?? new Date();
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchApiToken(prisma, { id: found.id, at: now });
  }
  const { id, name, email } = found.user;
  const role = roleSchema.catch("annotator").parse(found.user.role);
  return { user: { id, name, email, role }, tokenId: found.id };
}
