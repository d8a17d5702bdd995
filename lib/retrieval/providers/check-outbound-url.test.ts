import { describe, expect, it } from "vitest";
import {
  admittedOnlyByWildcard,
  checkOutboundUrl,
  checkResolvedAddresses,
  parseOutboundAllowList,
} from "@/lib/retrieval/providers/check-outbound-url";
import { isPublicAddress } from "@/lib/retrieval/providers/public-address";

function allowed(url: string, allowList: string[]): boolean {
  try {
    checkOutboundUrl({ url, allowList });
    return true;
  } catch {
    return false;
  }
}

describe("checkOutboundUrl", () => {
  it("matches origins exactly: scheme, host and port", () => {
    const list = ["https://api.openai.com"];
    expect(allowed("https://api.openai.com/v1/embeddings", list)).toBe(true);
    expect(allowed("http://api.openai.com/v1/embeddings", list)).toBe(false);
    expect(allowed("https://api.openai.com:8443/v1", list)).toBe(false);
    expect(allowed("https://evil-api.openai.com/v1", list)).toBe(false);
  });

  it("matches host patterns, with subdomain wildcards and optional ports", () => {
    expect(allowed("https://x.openai.azure.com/e", ["*.openai.azure.com"])).toBe(true);
    expect(allowed("https://openai.azure.com/e", ["*.openai.azure.com"])).toBe(false);
    expect(allowed("https://openai.azure.com.evil.net/e", ["*.openai.azure.com"])).toBe(false);
    expect(allowed("http://localhost:8080/rerank", ["localhost:8080"])).toBe(true);
    expect(allowed("http://localhost:8081/rerank", ["localhost:8080"])).toBe(false);
    expect(allowed("http://[::1]:7/x", ["[::1]"])).toBe(true);
  });

  it("allows loopback only when listed, even with *", () => {
    expect(allowed("https://api.cohere.com/v1/rerank", ["*"])).toBe(true);
    expect(allowed("http://127.0.0.1:11434/v1", ["*"])).toBe(false);
    expect(allowed("http://169.254.169.254/latest", ["*"])).toBe(false);
    expect(allowed("http://[::ffff:127.0.0.1]:80/x", ["*"])).toBe(false);
    expect(allowed("http://127.0.0.1:11434/v1", ["*", "127.0.0.1"])).toBe(true);
    expect(allowed("http://127.0.0.1:11434/v1", [])).toBe(false);
  });

  it("refuses other schemes, credentials and garbage with a clear message", () => {
    expect(() => checkOutboundUrl({ url: "file:///etc/passwd", allowList: ["*"] })).toThrow(/http or https/);
    expect(() => checkOutboundUrl({ url: "https://u:p@api.openai.com", allowList: ["*"] })).toThrow(
      /credentials/,
    );
    expect(() => checkOutboundUrl({ url: "not a url", allowList: ["*"] })).toThrow(/not a valid URL/);
    expect(() => checkOutboundUrl({ url: "https://a.example/x", allowList: ["b.example"] })).toThrow(
      'outbound URL https://a.example is not in the allow-list (GOLDENSET_OUTBOUND_ALLOWLIST); add "https://a.example" to it to allow this provider',
    );
  });

  it("parses the comma-separated env value", () => {
    expect(parseOutboundAllowList(" https://api.openai.com, ,localhost:11434 ")).toEqual([
      "https://api.openai.com",
      "localhost:11434",
    ]);
    expect(parseOutboundAllowList(undefined)).toEqual([]);
  });

  it("admits with * public hosts only: no local name or non-public literal in any spelling", () => {
    for (const url of [
      "http://localhost./x",
      "http://LOCALHOST/x",
      "http://api.localhost/x",
      "http://[::7f00:1]/x",
      "http://[::ffff:0:7f00:1]/x",
      "http://[64:ff9b::7f00:1]/x",
      "http://[64:ff9b::a9fe:a9fe]/x",
      "http://100.100.100.200/x",
      "http://[fec0::1]/x",
      "http://[fd00::1]/x",
      "http://[fe80::1]/x",
      "http://[2002:7f00:1::]/x",
      "http://0.0.0.0/x",
      "http://2130706433/x",
      "http://0x7f.1/x",
      "http://192.0.0.170/x",
    ])
      expect(allowed(url, ["*"]), url).toBe(false);
    for (const url of ["https://api.openai.com/v1", "http://8.8.8.8/x", "http://[2606:4700::1111]/x"])
      expect(allowed(url, ["*"]), url).toBe(true);
    expect(allowed("http://localhost.:8080/x", ["localhost:8080"])).toBe(true);
    expect(allowed("http://100.100.100.200/x", ["*", "100.100.100.200"])).toBe(true);
  });

  it("says which URLs rely on * alone, so their names must resolve to public addresses", () => {
    expect(admittedOnlyByWildcard(new URL("https://api.openai.com/v1"), ["*"])).toBe(true);
    expect(admittedOnlyByWildcard(new URL("https://api.openai.com/v1"), ["*", "api.openai.com"])).toBe(false);
    expect(admittedOnlyByWildcard(new URL("https://api.openai.com/v1"), ["api.openai.com"])).toBe(false);
  });

  it("refuses a name that resolves to any non-public address", async () => {
    const url = new URL("https://rebind.example/v1");
    const resolveTo = (addresses: string[]) => async () => addresses;
    await expect(
      checkResolvedAddresses({ url, resolve: resolveTo(["93.184.216.34"]) }),
    ).resolves.toBeUndefined();
    for (const inside of ["127.0.0.1", "10.0.0.8", "100.100.100.200", "::1", "::ffff:169.254.169.254"])
      await expect(
        checkResolvedAddresses({ url, resolve: resolveTo(["93.184.216.34", inside]) }),
        inside,
      ).rejects.toThrow(/non-public address/);
    await expect(checkResolvedAddresses({ url, resolve: resolveTo([]) })).rejects.toThrow(/non-public/);
    await expect(
      checkResolvedAddresses({
        url,
        resolve: async () => {
          throw new Error("ENOTFOUND");
        },
      }),
    ).rejects.toThrow(/could not be resolved/);
  });

  it("classifies addresses: public unicast only", () => {
    for (const address of [
      "127.0.0.5",
      "::1",
      "::",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "fec0::1",
      "ff02::1",
      "224.0.0.1",
      "255.255.255.255",
      "2001:db8::1",
      "not an address",
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ["8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])
      expect(isPublicAddress(address), address).toBe(true);
  });
});
