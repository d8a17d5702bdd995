/**
 * Cross-site request forgery guard for route handlers that change data, the rule Next.js applies
 * to server actions: a browser request must come from the app's own origin. Browsers send
 * `Sec-Fetch-Site` (and `Origin` on every POST); a request carrying neither comes from a script
 * or CI job, which no other site can make a browser send, so it is let through to authentication.
 * `same-site` is refused too: another port or subdomain is another application.
 *
 * `X-Forwarded-Host`/`-Proto` name the app's origin only with `trustForwardedHeaders`
 * (GOLDENSET_TRUST_PROXY=1, lib/env.ts): a proxy that passes a client's header through would
 * otherwise let any page name its own origin as ours.
 */
export function isCrossOriginWrite(
  request: Request,
  options: { appUrl?: string | undefined; trustForwardedHeaders?: boolean } = {},
): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method.toUpperCase())) return false;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  return !ownOrigins(request, options.appUrl, options.trustForwardedHeaders ?? false).has(
    origin.toLowerCase(),
  );
}

/**
 * The request's own origin (by its Host, as the browser addressed it), the configured APP_URL's,
 * and — when trusted — the one the proxy's X-Forwarded-Host and X-Forwarded-Proto name.
 */
function ownOrigins(request: Request, appUrl: string | undefined, trustForwarded: boolean): Set<string> {
  const url = new URL(request.url);
  const protocol = url.protocol.replace(/:$/, "");
  const host = request.headers.get("host") ?? url.host;
  const origins = new Set([`${protocol}://${host}`.toLowerCase(), url.origin.toLowerCase()]);
  const forwardedHost = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  if (trustForwarded && forwardedHost) {
    const forwardedProtocol = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() || protocol;
    origins.add(`${forwardedProtocol}://${forwardedHost}`.toLowerCase());
  }
  if (appUrl) origins.add(new URL(appUrl).origin.toLowerCase());
  return origins;
}
