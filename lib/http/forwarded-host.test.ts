import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";

// Issue 21, item 8: X-Forwarded-Host counts for the origin checks only when GOLDENSET_TRUST_PROXY=1.
// proxy.ts hands server actions (whose origin check is Next.js's own) a request whose
// X-Forwarded-Host is its Host unless the setting is on. Each case loads proxy.ts and lib/env.ts
// afresh, since the environment is read once per process.

async function forwardedHostSeenBehindProxy(trust: string | undefined): Promise<string | null> {
  vi.resetModules();
  if (trust === undefined) vi.stubEnv("GOLDENSET_TRUST_PROXY", undefined as unknown as string);
  else vi.stubEnv("GOLDENSET_TRUST_PROXY", trust);
  const { proxy } = await import("@/proxy");
  const response = proxy(
    new NextRequest("http://127.0.0.1:3000/sets", {
      method: "POST",
      headers: {
        host: "127.0.0.1:3000",
        "x-forwarded-host": "evil.example",
        origin: "http://evil.example",
        cookie: "better-auth.session_token=x",
        "next-action": "abc",
        "content-length": "2",
      },
    }),
  );
  return response.headers.get("x-middleware-request-x-forwarded-host");
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("proxy.ts and X-Forwarded-Host", () => {
  it("replaces a client's X-Forwarded-Host with its Host by default", async () => {
    expect(await forwardedHostSeenBehindProxy(undefined)).toBe("127.0.0.1:3000");
    expect(await forwardedHostSeenBehindProxy("0")).toBe("127.0.0.1:3000");
  });

  it("passes it on with GOLDENSET_TRUST_PROXY=1", async () => {
    expect(await forwardedHostSeenBehindProxy("1")).toBe("evil.example");
  });
});
