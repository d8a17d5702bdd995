import { AppError } from "@/lib/errors";

/**
 * Outbound requests (embedding and rerank providers, the user's own retriever) may only go to
 * hosts an operator listed. The app reads the list from GOLDENSET_OUTBOUND_ALLOWLIST
 * (comma-separated; see `parseOutboundAllowList`); this module only takes it as a parameter.
 *
 * An entry is one of:
 * - an origin, `https://api.openai.com` or `http://127.0.0.1:11434`: scheme, host and port must match;
 * - a host pattern, `api.cohere.com`, `*.openai.azure.com` or `localhost:8080`: the host must match
 *   (`*.` matches any subdomain, not the bare domain); a pattern without a port matches any port;
 * - `*`: any host that is not loopback, link-local or a private network address.
 * Loopback (localhost, 127.0.0.0/8, ::1) is therefore reachable only when listed by name or
 * address. The check is on the URL as written: a public name that resolves to a private address
 * is not caught here (that needs a resolver-level check), and redirects are refused by post-json.
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
  if (entry === "*") return !isLoopbackOrPrivate(url.hostname);
  if (entry.includes("://")) {
    try {
      return new URL(entry).origin === url.origin;
    } catch {
      return false;
    }
  }
  const { host: patternHost, port: patternPort } = splitHostPattern(entry.toLowerCase());
  if (patternPort !== undefined && patternPort !== effectivePort(url)) return false;
  const hostname = url.hostname.toLowerCase();
  if (patternHost.startsWith("*.")) return hostname.endsWith(patternHost.slice(1));
  return hostname === patternHost;
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

/** Loopback, unspecified, link-local (incl. cloud metadata 169.254.169.254) and RFC 1918 / ULA. */
export function isLoopbackOrPrivate(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (host === "::1" || host === "::" || host.startsWith("fe80:") || /^f[cd][0-9a-f]{2}:/.test(host))
    return true;
  const ipv4 = ipv4MappedAddress(host) ?? host;
  const octets = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ipv4);
  if (!octets) return false;
  const [a, b] = [Number(octets[1]), Number(octets[2])];
  return (
    a === 127 ||
    a === 0 ||
    a === 10 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  );
}

/** `::ffff:127.0.0.1`, which URL normalizes to `::ffff:7f00:1`, as dotted IPv4. */
function ipv4MappedAddress(host: string): string | undefined {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}
