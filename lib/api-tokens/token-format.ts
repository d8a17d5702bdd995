import { createHash, randomBytes } from "node:crypto";

/** Every personal API token starts with this, so a leaked one is recognisable (and greppable). */
const TOKEN_PREFIX = "gs_";
/** How many characters of a token its list shows (the `gs_` and the first random ones). */
const SHOWN_CHARACTERS = 10;
/** `gs_` then 43 base64url characters (32 random bytes). */
const tokenPattern = /^gs_[A-Za-z0-9_-]{43}$/;

/** A new random token: `gs_` and 32 random bytes in base64url. Shown once, never stored. */
export function generateApiToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** What the database keeps of a token: its sha256, hex. */
export function hashApiToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The first characters of a token, to recognise it in a list ("gs_AbC1234"). */
export function tokenDisplayPrefix(token: string): string {
  return token.slice(0, SHOWN_CHARACTERS);
}

/**
 * The token of an `Authorization: Bearer gs_…` header; null when the header is absent or not a
 * Bearer one. A Bearer value that is not shaped like a token is returned as is: it is checked
 * (and refused) like any wrong token.
 */
export function parseBearerToken(header: string | null): string | null {
  if (!header) return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** Whether the text is shaped like a token this app issues (checked before any lookup). */
export function looksLikeApiToken(token: string): boolean {
  return tokenPattern.test(token);
}
