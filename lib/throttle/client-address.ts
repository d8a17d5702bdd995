import { BlockList, isIP } from "node:net";

/**
 * Which address a request came from, for per-client limits. Pure: the caller passes the address
 * of the TCP peer (the socket), the `X-Forwarded-For` header, and the trusted proxies.
 *
 * Without trusted proxies the peer is the client and forwarded headers are ignored: anyone can
 * send them. With them, the chain is `X-Forwarded-For` followed by the peer, and the client is the
 * right-most address that is not a trusted proxy (each proxy appends the address it saw, so only
 * the entries right of the first untrusted hop are facts).
 */

/** Parsed GOLDENSET_TRUSTED_PROXIES: addresses and CIDR ranges. */
export type TrustedProxies = { list: BlockList; entries: readonly string[] };

/** Parses a comma-separated list of addresses and CIDRs; throws on an entry that is neither. */
export function parseTrustedProxies(raw: string | undefined): TrustedProxies {
  const list = new BlockList();
  const entries = (raw ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  for (const entry of entries) {
    const [address = "", prefix, ...rest] = entry.split("/");
    const canonical = canonicalAddress(address);
    const family = canonical === null ? 0 : isIP(canonical);
    const bits = family === 4 ? 32 : 128;
    const prefixLength = prefix === undefined ? bits : /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
    if (canonical === null || rest.length > 0 || !(prefixLength >= 0 && prefixLength <= bits)) {
      throw new Error(
        `GOLDENSET_TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range (e.g. 10.0.0.0/8, ::1).`,
      );
    }
    list.addSubnet(canonical, prefixLength, family === 4 ? "ipv4" : "ipv6");
  }
  return { list, entries };
}

/**
 * The client's address as a throttle subject, or null when it cannot be trusted: the peer is
 * unknown, or an entry of the forwarded chain that decides it is not an address.
 */
export function resolveClientAddress(options: {
  peerAddress: string | null;
  forwardedFor: string | null;
  trustedProxies: TrustedProxies;
}): string | null {
  const peer = options.peerAddress === null ? null : canonicalAddress(options.peerAddress);
  if (peer === null) return null;
  if (options.trustedProxies.entries.length === 0) return throttleSubject(peer);
  const forwarded = (options.forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const chain = [...forwarded.map(canonicalAddress), peer];
  for (let index = chain.length - 1; index >= 0; index--) {
    const address = chain[index] ?? null;
    if (address === null) return null;
    if (!isTrusted(address, options.trustedProxies)) return throttleSubject(address);
  }
  // Every hop is a trusted proxy: the left-most is as close to the client as the chain goes.
  return throttleSubject(chain[0] ?? peer);
}

/**
 * An address in one spelling: IPv4-mapped IPv6 (`::ffff:10.0.0.1`, how a dual-stack socket
 * reports IPv4 peers) becomes IPv4, IPv6 is lower-cased without a zone or brackets. Null when the
 * text is not an IP address.
 */
export function canonicalAddress(text: string): string | null {
  const bare = text
    .trim()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "")
    .toLowerCase();
  const family = isIP(bare);
  if (family === 4) return bare;
  if (family !== 6) return null;
  const groups = expandIpv6(bare);
  const [high = 0, low = 0] = groups.slice(6).map((group) => Number.parseInt(group, 16));
  if (groups.slice(0, 5).every((group) => group === "0") && groups[5] === "ffff") {
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return bare;
}

/**
 * The unit one client is counted in: an IPv4 address, or an IPv6 /64 network (one subscriber
 * usually gets a whole /64, so counting single IPv6 addresses would be evaded by rotating them).
 */
export function throttleSubject(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = expandIpv6(address);
  return `${groups.slice(0, 4).join(":")}::/64`;
}

function isTrusted(address: string, proxies: TrustedProxies): boolean {
  return proxies.list.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
}

/** The eight 16-bit groups of an IPv6 address, as lower-case hex without leading zeros. */
function expandIpv6(address: string): string[] {
  // A trailing dotted IPv4 part (e.g. 64:ff9b::1.2.3.4) is two groups.
  const withoutDotted = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) => {
    const high = (Number(a) << 8) | Number(b);
    const low = (Number(c) << 8) | Number(d);
    return `${high.toString(16)}:${low.toString(16)}`;
  });
  const [head = "", tail] = withoutDotted.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
