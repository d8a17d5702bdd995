import { isUploadRoute, REQUEST_BODY_LIMIT_BYTES } from "@/lib/http/body-limits";
import { signInPath } from "@/lib/http/safe-redirect-path";

/** What proxy.ts knows of a request before anything reads its body. */
export type RequestHead = {
  method: string;
  pathname: string;
  /** the Content-Length header as a number; undefined when absent or not a number */
  contentLength: number | undefined;
  /** a session cookie is present (not checked: the action or route authenticates it) */
  hasSessionCookie: boolean;
  /** the request calls a server action (Next.js's `Next-Action` header) */
  isServerAction: boolean;
  /** an `Authorization: Bearer …` header is present (not checked: the API v1 route authenticates it) */
  hasBearerToken?: boolean;
};

/**
 * - 413: a body over REQUEST_BODY_LIMIT_BYTES outside the upload routes;
 * - 401: a signed-out write to the API (JSON like withRoute's), or a signed-out server action,
 *   with `signInPath` for the browser to go to;
 * - 303: a signed-out form post to a page (no JavaScript): on to sign-in.
 */
export type Refusal =
  | { status: 413 }
  | { status: 401; signInPath?: string }
  | { status: 303; location: string };

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether to refuse a request before its body is read. Signed out, only the sign-in page (its
 * server action posts there), better-auth's own routes and API v1 calls with a Bearer token take a
 * body; every other write needs a session cookie. This is a cheap first gate against unauthenticated bodies, not authentication:
 * actions and routes still check the session the cookie names.
 */
export function refuseBeforeBody(request: RequestHead): Refusal | undefined {
  if (READ_METHODS.has(request.method.toUpperCase())) return undefined;
  const { pathname } = request;
  if (
    request.contentLength !== undefined &&
    request.contentLength > REQUEST_BODY_LIMIT_BYTES &&
    !isUploadRoute(pathname)
  )
    return { status: 413 };
  if (request.hasSessionCookie || pathname === "/sign-in" || pathname.startsWith("/api/auth/"))
    return undefined;
  // the REST API v1 authenticates API tokens itself (lib/http/api-route.ts)
  if (request.hasBearerToken && pathname.startsWith("/api/v1/")) return undefined;
  if (pathname === "/api" || pathname.startsWith("/api/")) return { status: 401 };
  const signIn = signInPath(pathname);
  return request.isServerAction ? { status: 401, signInPath: signIn } : { status: 303, location: signIn };
}
