/**
 * Cross-site request forgery guard for route handlers that change data, the rule Next.js applies
 * to server actions: a browser request must come from the app's own origin. Browsers send
 * `Sec-Fetch-Site` (and `Origin` on every POST); a request carrying neither comes from a script
 * or CI job, which no other site can make a browser send, so it is let through to authentication.
 * `same-site` is refused too: another port or subdomain is another application.
 */
export function isCrossOriginWrite(request: Request, options: { appUrl?: string | undefined } = {}): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method.toUpperCase())) return false;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  return !ownOrigins(request, options.appUrl).has(origin.toLowerCase());
}

/** The request's own origin (by its Host, as the browser addressed it) and the configured APP_URL's. */
function ownOrigins(request: Request, appUrl: string | undefined): Set<string> {
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? url.host;
  const protocol = request.headers.get("x-forwarded-proto") ?? url.protocol.replace(/:$/, "");
  const origins = new Set([`${protocol}://${host}`.toLowerCase(), url.origin.toLowerCase()]);
  if (appUrl) origins.add(new URL(appUrl).origin.toLowerCase());
  return origins;
}
