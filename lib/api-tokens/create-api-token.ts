import { generateApiToken, hashApiToken, tokenDisplayPrefix } from "@/lib/api-tokens/token-format";
import { findUserIdByEmail, insertApiToken } from "@/lib/db/api-tokens";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

/**
 * Makes a personal API token for a user: returns the token (the only time it exists outside the
 * caller's hands) and its id; the database keeps its sha256 and first characters.
 */
export async function createApiToken(
  prisma: Db,
  options: { userId: string; name: string },
): Promise<{ token: string; id: string }> {
  const name = options.name.trim();
  if (!name)
    throw new AppError("bad_request", "Name the token (what uses it, e.g. “CI”).", { path: ["name"] });
  if (name.length > 100)
    throw new AppError("bad_request", "A token's name has at most 100 characters.", { path: ["name"] });
  const token = generateApiToken();
  const { id } = await insertApiToken(prisma, {
    userId: options.userId,
    name,
    hash: hashApiToken(token),
    prefix: tokenDisplayPrefix(token),
  });
  return { token, id };
}

/** `goldenset create-token --email E --name N`: a token for the user with that email. */
export async function createApiTokenForEmail(
  prisma: Db,
  options: { email: string; name: string },
): Promise<{ token: string; id: string }> {
  const user = await findUserIdByEmail(prisma, options.email);
  if (user.deactivatedAt) throw new AppError("bad_request", `${options.email} is deactivated.`);
  return createApiToken(prisma, { userId: user.id, name: options.name });
}
