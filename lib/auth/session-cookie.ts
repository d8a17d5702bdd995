import { getSessionCookie } from "better-auth/cookies";

/**
 * Whether the request carries a better-auth session cookie (either name, `__Secure-` or not),
 * without looking it up: proxy.ts uses it to turn away signed-out writes before their body is
 * read. Presence is not proof: routes and actions still authenticate the session it names.
 */
export function hasSessionCookie(headers: Headers): boolean {
  return getSessionCookie(headers) !== null;
}
