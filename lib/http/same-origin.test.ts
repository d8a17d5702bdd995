import { describe, expect, it } from "vitest";
import { isCrossOriginWrite } from "@/lib/http/same-origin";

function request(method: string, headers: Record<string, string>): Request {
  return new Request("http://127.0.0.1:3000/api/sets/s1/runs", {
    method,
    headers: { host: "127.0.0.1:3000", ...headers },
  });
}

describe("isCrossOriginWrite", () => {
  it("refuses a write from another origin, including another port of the same host", () => {
    expect(isCrossOriginWrite(request("POST", { origin: "http://evil.example" }))).toBe(true);
    expect(isCrossOriginWrite(request("POST", { origin: "http://127.0.0.1:4000" }))).toBe(true);
    expect(isCrossOriginWrite(request("DELETE", { "sec-fetch-site": "same-site" }))).toBe(true);
    expect(isCrossOriginWrite(request("POST", { "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isCrossOriginWrite(request("POST", { origin: "null" }))).toBe(true);
  });

  it("lets the app's own pages, configured public origin and non-browser clients write", () => {
    expect(
      isCrossOriginWrite(
        request("POST", { origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" }),
      ),
    ).toBe(false);
    expect(
      isCrossOriginWrite(request("POST", { origin: "https://goldenset.example.com" }), {
        appUrl: "https://goldenset.example.com",
      }),
    ).toBe(false);
    expect(isCrossOriginWrite(request("POST", {}))).toBe(false);
  });

  it("ignores X-Forwarded-Host and X-Forwarded-Proto unless forwarded headers are trusted", () => {
    const forged = {
      origin: "https://evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
    };
    expect(isCrossOriginWrite(request("POST", forged))).toBe(true);
    expect(isCrossOriginWrite(request("POST", forged), { trustForwardedHeaders: false })).toBe(true);
    // behind a proxy that sets them (GOLDENSET_TRUST_PROXY=1): the public host it names is ours
    const proxied = {
      origin: "https://goldenset.example.com",
      "x-forwarded-host": "goldenset.example.com",
      "x-forwarded-proto": "https",
    };
    expect(isCrossOriginWrite(request("POST", proxied), { trustForwardedHeaders: true })).toBe(false);
    expect(isCrossOriginWrite(request("POST", proxied), { trustForwardedHeaders: false })).toBe(true);
  });

  it("never blocks reads", () => {
    expect(
      isCrossOriginWrite(request("GET", { origin: "http://evil.example", "sec-fetch-site": "cross-site" })),
    ).toBe(false);
  });
});
