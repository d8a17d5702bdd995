import { type NextRequest, NextResponse } from "next/server";
import { tooLargeResponse } from "@/app/api/request-too-large/too-large-response";
import { hasSessionCookie } from "@/lib/auth/session-cookie";
import { env, trustForwardedHeaders } from "@/lib/env";
import { type Refusal, refuseBeforeBody } from "@/lib/http/refuse-before-body";
import { pageContentSecurityPolicy } from "@/lib/http/security-headers";

/**
 * Runs before every page and API request that has no body or one within the body limit (see
 * `config`): refuses signed-out writes (lib/http/refuse-before-body.ts), and gives each page a
 * Content-Security-Policy with a fresh nonce, which Next.js reads from the request header and
 * puts on its scripts. The other security headers, and the policy of non-page responses, come
 * from next.config.ts for every response.
 */
export function proxy(request: NextRequest): Response {
  const { pathname } = request.nextUrl;
  const refusal = refuseBeforeBody({
    method: request.method,
    pathname,
    contentLength: contentLengthOf(request.headers),
    hasSessionCookie: hasSessionCookie(request.headers),
    isServerAction: request.headers.has("next-action"),
    hasBearerToken: /^bearer\s/i.test(request.headers.get("authorization") ?? ""),
  });
  if (refusal) return refusalResponse(refusal, request);
  const requestHeaders = withoutUntrustedForwardedHost(request.headers);
  if (pathname === "/api" || pathname.startsWith("/api/"))
    return NextResponse.next({ request: { headers: requestHeaders } });

  const policy = pageContentSecurityPolicy({
    nonce: createNonce(),
    development: env().NODE_ENV === "development",
  });
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}

/**
 * Next.js waits for the whole body of any request its proxy runs on (it copies the body for the
 * proxy and the route), so the proxy only runs on requests without a body or with one within
 * REQUEST_BODY_LIMIT_BYTES (lib/http/body-limits.ts, WITHIN_LIMIT_CONTENT_LENGTH; the matcher
 * must be written out here, a unit test keeps it equal). Larger ones are answered 413 by a
 * rewrite before they are read, except on the upload routes, which authenticate first and stream.
 * Static assets get their headers from next.config.ts.
 */
export const config = {
  matcher: [
    {
      source: "/((?!_next/static|_next/image|favicon\\.ico).*)",
      missing: [
        { type: "header", key: "content-length" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
    {
      source: "/((?!_next/static|_next/image|favicon\\.ico).*)",
      has: [{ type: "header", key: "content-length", value: "(?:\\d{1,6}|1000000)" }],
    },
  ],
};

function refusalResponse(refusal: Refusal, request: NextRequest): Response {
  switch (refusal.status) {
    // The matcher keeps such bodies out (next.config.ts rewrites them to REQUEST_TOO_LARGE_PATH);
    // should one get here, it is answered as that route answers it.
    case 413:
      return tooLargeResponse(undefined);
    case 303:
      return NextResponse.redirect(new URL(refusal.location, request.url), 303);
    case 401:
      if (!refusal.signInPath)
        return NextResponse.json({ error: "Sign in first.", code: "unauthorized" }, { status: 401 });
      // A server action's fetch: Next.js's client follows `x-action-redirect` to the sign-in page.
      return new NextResponse("Sign in first.", {
        status: 401,
        headers: { "content-type": "text/plain", "x-action-redirect": `${refusal.signInPath};replace` },
      });
  }
}

/**
 * The request's headers for what runs after the proxy. Unless GOLDENSET_TRUST_PROXY=1, a client's
 * X-Forwarded-Host is replaced by its Host: Next.js's own origin check of server actions accepts
 * an Origin equal to either (next/dist/server/app-render/action-handler.js), and it fills the
 * header in from Host only when the request has none.
 */
function withoutUntrustedForwardedHost(headers: Headers): Headers {
  const copy = new Headers(headers);
  const host = headers.get("host");
  if (!trustForwardedHeaders() && host !== null) copy.set("x-forwarded-host", host);
  return copy;
}

function contentLengthOf(headers: Headers): number | undefined {
  const value = headers.get("content-length");
  return value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** 128 random bits, base64: unguessable, and fresh for every page. */
function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}
