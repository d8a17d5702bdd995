import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { AppError } from "@/lib/errors";
import { isLocalHostName, isPublicAddress } from "@/lib/retrieval/providers/public-address";

/**
 * Outbound requests (embedding and rerank providers, the user's own retriever) may only go to
 * hosts an operator listed. The app reads the list from GOLDENSET_OUTBOUND_ALLOWLIST
 * (comma-separated; see `parseOutboundAllowList`); this module only takes it as a parameter.
 *
 * An entry is one of:
 * - an origin, `https://api.openai.com` or `http://127.0.0.1:11434`: scheme, host and port must match;
 * - a host pattern, `api.cohere.com`, `*.openai.azure.com` or `localhost:8080`: the host must match
 *   (`*.` matches any subdomain, not the bare domain); a pattern without a port matches any port;
 * - `*`: public hosts only — not localhost, and no IP literal outside public unicast (see
 *   isPublicAddress: loopback, private, CGNAT, link-local, site-local, metadata, IPv4 hidden in
 *   IPv6, …). A name admitted only by `*` must also resolve to public addresses only: the HTTP
 *   clients call `checkResolvedAddresses` before every request (post-json), so a public-looking
 *   name pointing at 127.0.0.1 is refused too. Redirects are refused by post-json.
 * Anything else non-public is reachable only when listed by name or address.
 */
export function checkOutboundUrl(options: { url: string; allowList: readonly string[] }): URL {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw new AppError("bad_request", `"${options.url}" is not a valid URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new AppError("bad_request", `outbound URL ${url.origin} must use http or https`);
  if (url.username !== "" || url.password !== "")
    throw new AppError("bad_request", "outbound URLs must not carry credentials; pass an API key instead");
  if (!options.allowList.some((entry) => entryAllows(entry.trim(), url)))
    throw new AppError(
      "bad_request",
      `outbound URL ${url.origin} is not in the allow-list (GOLDENSET_OUTBOUND_ALLOWLIST); add "${url.origin}" to it to allow this provider`,
    );
  return url;
}

/** Splits the raw env value: comma-separated, blanks dropped. Undefined means nothing is allowed. */
export function parseOutboundAllowList(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

function entryAllows(entry: string, url: URL): boolean {
  if (entry === "") return false;
  if (entry === "*") return isPublicHost(url.hostname);
  if (entry.includes("://")) {
    try {
      return new URL(entry).origin === url.origin;
    } catch {
      return false;
    }
  }
  const { host: patternHost, port: patternPort } = splitHostPattern(entry.toLowerCase());
  if (patternPort !== undefined && patternPort !== effectivePort(url)) return false;
  const hostname = url.hostname.toLowerCase().replace(/\.+$/, "");
  if (patternHost.startsWith("*.")) return hostname.endsWith(patternHost.slice(1));
  return hostname === patternHost.replace(/\.+$/, "");
}

function splitHostPattern(entry: string): { host: string; port: string | undefined } {
  // IPv6 literal: "[::1]" or "[::1]:8080".
  const bracketed = /^(\[[^\]]+\])(?::(\d+))?$/.exec(entry);
  if (bracketed) return { host: bracketed[1]!, port: bracketed[2] };
  const colon = entry.lastIndexOf(":");
  if (colon > 0 && /^\d+$/.test(entry.slice(colon + 1)))
    return { host: entry.slice(0, colon), port: entry.slice(colon + 1) };
  return { host: entry, port: undefined };
}

function effectivePort(url: URL): string {
  if (url.port !== "") return url.port;
  return url.protocol === "https:" ? "443" : "80";
}

/** What `*` admits by the URL as written: not a local name, and no non-public IP literal. */
function isPublicHost(hostname: string): boolean {
  if (isLocalHostName(hostname)) return false;
  const bare = hostname.replace(/^\[|\]$/g, "");
  return isIP(bare) === 0 || isPublicAddress(bare);
}

/**
 * A provider's endpoint, for every outbound client (embeddings, rerank, chat judges, external
 * search): `baseUrl` joined with `path` (trailing slashes of the base dropped), checked against the
 * allow-list once, at creation, so a misconfiguration fails before any run; `publicOnly` when only
 * `*` admits it, so each request re-checks the addresses its name resolves to (post-json).
 */
export function outboundEndpoint(options: { baseUrl: string; path?: string; allowList: readonly string[] }): {
  url: URL;
  publicOnly: boolean;
} {
  const joined =
    options.path === undefined ? options.baseUrl : `${options.baseUrl.replace(/\/+$/, "")}/${options.path}`;
  const url = checkOutboundUrl({ url: joined, allowList: options.allowList });
  return { url, publicOnly: admittedOnlyByWildcard(url, options.allowList) };
}

/** True when only the `*` entry admits this URL, so its name must resolve to public addresses. */
export function admittedOnlyByWildcard(url: URL, allowList: readonly string[]): boolean {
  const entries = allowList.map((entry) => entry.trim());
  return entries.includes("*") && !entries.some((entry) => entry !== "*" && entryAllows(entry, url));
}

/** Every address a name resolves to (dns.lookup with all: true); injectable for tests. */
export type ResolveAll = (hostname: string) => Promise<string[]>;

const resolveWithSystem: ResolveAll = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * For a URL admitted only by `*`: resolves its host and refuses it unless every address is
 * public, so a name that points inside the network cannot pass as a public provider.
 */
export async function checkResolvedAddresses(options: {
  url: URL;
  resolve?: ResolveAll | undefined;
}): Promise<void> {
  const hostname = options.url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(hostname) !== 0) return; // literals were judged when the URL was checked
  let addresses: string[];
  try {
    addresses = await (options.resolve ?? resolveWithSystem)(hostname);
  } catch {
    throw new AppError("unavailable", `outbound host ${options.url.hostname} could not be resolved`);
  }
  const inside = addresses.find((address) => !isPublicAddress(address));
  if (inside !== undefined || addresses.length === 0)
    throw new AppError(
      "bad_request",
      `outbound host ${options.url.hostname} resolves to a non-public address (${inside ?? "none"}); "*" admits public hosts only, so list it in GOLDENSET_OUTBOUND_ALLOWLIST to allow it`,
    );
}
