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

  it("never blocks reads", () => {
    expect(
      isCrossOriginWrite(request("GET", { origin: "http://evil.example", "sec-fetch-site": "cross-site" })),
    ).toBe(false);
  });
});
