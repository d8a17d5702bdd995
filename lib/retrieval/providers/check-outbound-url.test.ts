import { describe, expect, it } from "vitest";
import {
  checkOutboundUrl,
  isLoopbackOrPrivate,
  parseOutboundAllowList,
} from "@/lib/retrieval/providers/check-outbound-url";

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

  it("classifies private and loopback hosts", () => {
    for (const host of [
      "localhost",
      "127.0.0.5",
      "[::1]",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "[::ffff:127.0.0.1]",
    ])
      expect(isLoopbackOrPrivate(host), host).toBe(true);
    for (const host of ["api.openai.com", "172.32.0.1", "8.8.8.8"])
      expect(isLoopbackOrPrivate(host), host).toBe(false);
  });
});
