import { isIP } from "node:net";

/**
 * Whether an IP address is an ordinary public unicast address — what the `*` allow-list entry
 * admits. Everything else is refused unless listed explicitly: loopback, unspecified, private
 * (RFC 1918), shared/CGNAT (100.64.0.0/10, where some clouds put their metadata service),
 * link-local (169.254.0.0/16 with 169.254.169.254, fe80::/10), site-local (fec0::/10), unique
 * local (fc00::/7), benchmarking, documentation, multicast and reserved ranges; and an IPv4
 * address hidden in an IPv6 one (mapped ::ffff:a.b.c.d, translated ::ffff:0:a.b.c.d, compatible
 * ::a.b.c.d, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4 2002::/16) is judged as that IPv4
 * address. Returns false for anything that is not an IP address.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const version = isIP(bare);
  if (version === 4) return isPublicIpv4(parseIpv4(bare));
  if (version === 6) return isPublicIpv6(parseIpv6(bare));
  return false;
}

/** Host names that always mean this machine, whatever DNS says (trailing dots ignored). */
export function isLocalHostName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, "");
  return host === "localhost" || host.endsWith(".localhost");
}

type Ipv4Range = readonly [base: readonly [number, number, number, number], prefix: number];

/** IANA special-purpose IPv4 ranges that are not globally reachable unicast. */
const NON_PUBLIC_IPV4: readonly Ipv4Range[] = [
  [[0, 0, 0, 0], 8],
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10],
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16],
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24],
  [[192, 0, 2, 0], 24],
  [[192, 88, 99, 0], 24],
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15],
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4],
  [[240, 0, 0, 0], 4],
];

function parseIpv4(address: string): number {
  return address.split(".").reduce((value, octet) => value * 256 + Number(octet), 0);
}

function isPublicIpv4(value: number): boolean {
  return !NON_PUBLIC_IPV4.some(([base, prefix]) => {
    const start = ((base[0] * 256 + base[1]) * 256 + base[2]) * 256 + base[3];
    const size = 2 ** (32 - prefix);
    return value >= start && value < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function parseIpv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const value = parseIpv4(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === undefined || tail === "" ? [] : tail.split(":");
  const zeros = Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => "0");
  return [...headGroups, ...(tail === undefined ? [] : zeros), ...tailGroups].map((group) =>
    Number.parseInt(group, 16),
  );
}

function embeddedIpv4(groups: number[], at: number): number {
  return groups[at]! * 65536 + groups[at + 1]!;
}

function isPublicIpv6(groups: number[]): boolean {
  const [g0, g1, g2, g3, g4, g5] = groups as [number, number, number, number, number, number];
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  // ::, ::1, ::a.b.c.d (compatible) and ::ffff:a.b.c.d (mapped)
  if (firstFiveZero && (g5 === 0 || g5 === 0xffff)) {
    const v4 = embeddedIpv4(groups, 6);
    return v4 > 1 && isPublicIpv4(v4);
  }
  // ::ffff:0:a.b.c.d (translated)
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0)
    return isPublicIpv4(embeddedIpv4(groups, 6));
  // NAT64: 64:ff9b::/96 well-known, 64:ff9b:1::/48 local use
  if (g0 === 0x64 && g1 === 0xff9b) {
    if (g2 === 1) return false;
    return isPublicIpv4(embeddedIpv4(groups, 6));
  }
  // 6to4: 2002:AABB:CCDD::/48 carries a.b.c.d
  if (g0 === 0x2002) return isPublicIpv4(embeddedIpv4(groups, 1));
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return false; // discard-only 100::/64
  if (g0 === 0x2001 && g1 === 0x0db8) return false; // documentation
  if (g0 === 0x2001 && g1 < 0x200) return false; // IETF protocol assignments (Teredo, ORCHID, …)
  if ((g0 & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return false; // site-local fec0::/10 (deprecated, still routed inside sites)
  if ((g0 & 0xff00) === 0xff00) return false; // multicast
  return (g0 & 0xe000) === 0x2000; // global unicast is 2000::/3
}
