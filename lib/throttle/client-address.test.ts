import { describe, expect, it } from "vitest";
import {
  canonicalAddress,
  parseTrustedProxies,
  resolveClientAddress,
  throttleSubject,
} from "@/lib/throttle/client-address";

const noProxies = parseTrustedProxies(undefined);

describe("resolveClientAddress", () => {
  it("uses the peer and ignores forwarded headers when no proxy is trusted", () => {
    for (const forwardedFor of [null, "1.2.3.4", "1.2.3.4, 5.6.7.8", "garbage"]) {
      expect(
        resolveClientAddress({ peerAddress: "203.0.113.9", forwardedFor, trustedProxies: noProxies }),
      ).toBe("203.0.113.9");
    }
  });

  it("is unknown without a peer address, whatever the headers claim", () => {
    const trustedProxies = parseTrustedProxies("10.0.0.0/8");
    expect(resolveClientAddress({ peerAddress: null, forwardedFor: "1.2.3.4", trustedProxies })).toBeNull();
    expect(
      resolveClientAddress({ peerAddress: null, forwardedFor: null, trustedProxies: noProxies }),
    ).toBeNull();
  });

  it("behind trusted proxies, takes the right-most address that is not one of them", () => {
    const trustedProxies = parseTrustedProxies("10.0.0.0/8, 192.168.1.1");
    const resolve = (peerAddress: string, forwardedFor: string | null) =>
      resolveClientAddress({ peerAddress, forwardedFor, trustedProxies });
    // The client sent a made-up header; the proxy appended the address it saw.
    expect(resolve("10.0.0.2", "6.6.6.6, 198.51.100.7")).toBe("198.51.100.7");
    expect(resolve("10.0.0.2", "6.6.6.6, 198.51.100.7, 192.168.1.1")).toBe("198.51.100.7");
    // A request that reached the app directly, not through a proxy: its header is not believed.
    expect(resolve("198.51.100.8", "6.6.6.6")).toBe("198.51.100.8");
    expect(resolve("::ffff:10.1.2.3", "198.51.100.7")).toBe("198.51.100.7");
    // Only proxies: the left-most hop is the closest to the client there is.
    expect(resolve("10.0.0.2", "10.0.0.3")).toBe("10.0.0.3");
    expect(resolve("10.0.0.2", null)).toBe("10.0.0.2");
  });

  it("is unknown when the deciding hop is not an address", () => {
    const trustedProxies = parseTrustedProxies("10.0.0.0/8");
    expect(
      resolveClientAddress({ peerAddress: "10.0.0.2", forwardedFor: "1.2.3.4, unknown", trustedProxies }),
    ).toBeNull();
    expect(resolveClientAddress({ peerAddress: "not an ip", forwardedFor: null, trustedProxies })).toBeNull();
  });

  it("counts IPv6 clients by their /64 network", () => {
    const first = resolveClientAddress({
      peerAddress: "2001:db8:1:2:aaaa::1",
      forwardedFor: null,
      trustedProxies: noProxies,
    });
    const second = resolveClientAddress({
      peerAddress: "2001:DB8:1:2:bbbb::ffff",
      forwardedFor: null,
      trustedProxies: noProxies,
    });
    expect(first).toBe("2001:db8:1:2::/64");
    expect(second).toBe(first);
  });
});

describe("canonicalAddress", () => {
  it("spells an address one way and refuses what is not one", () => {
    expect(canonicalAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(canonicalAddress("::FFFF:7f00:1")).toBe("127.0.0.1");
    expect(canonicalAddress("[::1]")).toBe("::1");
    expect(canonicalAddress(" 192.0.2.1 ")).toBe("192.0.2.1");
    expect(canonicalAddress("fe80::1%eth0")).toBe("fe80::1");
    expect(canonicalAddress("example.com")).toBeNull();
    expect(canonicalAddress("1.2.3.4:80")).toBeNull();
  });
});

describe("throttleSubject", () => {
  it("keeps IPv4 and shortens IPv6 to its /64", () => {
    expect(throttleSubject("192.0.2.1")).toBe("192.0.2.1");
    expect(throttleSubject("::1")).toBe("0:0:0:0::/64");
    expect(throttleSubject("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });
});

describe("parseTrustedProxies", () => {
  it("reads addresses and CIDRs of both families", () => {
    const proxies = parseTrustedProxies(" 10.0.0.0/8 ,::1, 2001:db8::/32,");
    expect(proxies.entries).toEqual(["10.0.0.0/8", "::1", "2001:db8::/32"]);
    expect(proxies.list.check("10.200.0.1", "ipv4")).toBe(true);
    expect(proxies.list.check("2001:db8:ffff::1", "ipv6")).toBe(true);
    expect(proxies.list.check("11.0.0.1", "ipv4")).toBe(false);
  });

  it("refuses entries that are not addresses, naming them", () => {
    for (const raw of ["proxy.internal", "10.0.0.0/33", "10.0.0.0/8/1", "10.0.0.0/x", "::1/129"]) {
      expect(() => parseTrustedProxies(raw), raw).toThrow(/GOLDENSET_TRUSTED_PROXIES: ".+" is not an IP/);
    }
  });
});
