import { can } from "@/lib/auth/roles";
import { userFromHeaders } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { signInPath } from "@/lib/http/safe-redirect-path";
import { endOfQueueHref, openNext, parseNextParams } from "./open-next";

/**
 * "Next": claims the next query needing the signed-in annotator (or, in holes mode, finds the
 * first hole left) and redirects to it, without rendering a page — about half the CPU of the
 * request a page's redirect costs (docs/performance-profile.md). When nothing is left it
 * redirects to /next/end, which says so. A router prefetch gets 204: a prefetch must never take
 * a lock, and the redirect is decided when the annotator actually goes.
 */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  if (request.headers.get("next-router-prefetch") === "1") return new Response(null, { status: 204 });
  const url = new URL(request.url);
  const user = await userFromHeaders(request.headers);
  if (!user) return redirectTo(signInPath(`${url.pathname}${url.search}`));
  if (!can(user.role, "label")) return redirectTo("/?denied=1");
  const { id: setId } = await context.params;
  const params = parseNextParams(Object.fromEntries(url.searchParams));
  // an unknown set or run goes on to the end page, which answers 404
  const { href } = await openNext(user, setId, params).catch(nothingIfNotFound);
  return redirectTo(href ?? endOfQueueHref(setId, params));
}

function nothingIfNotFound(error: unknown): { href: null } {
  if (error instanceof AppError && error.code === "not_found") return { href: null };
  throw error;
}

/** A redirect to a path of this site, relative (right behind any proxy); never cached. */
function redirectTo(path: string): Response {
  return new Response(null, { status: 307, headers: { location: path, "cache-control": "no-store" } });
}
