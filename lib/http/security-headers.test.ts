import { describe, expect, it } from "vitest";
import {
  pageContentSecurityPolicy,
  RESOURCE_CONTENT_SECURITY_POLICY,
  SECURITY_HEADERS,
} from "@/lib/http/security-headers";

/** A policy as `{ directive: sources }`. */
function directivesOf(policy: string): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives[name] = sources;
  }
  return directives;
}

describe("pageContentSecurityPolicy", () => {
  it("lets only scripts with the nonce run, and what they load", () => {
    const policy = directivesOf(pageContentSecurityPolicy({ nonce: "abc123==" }));
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(policy["style-src"]).toEqual(["'self'", "'nonce-abc123=='"]);
    expect(policy["style-src-attr"]).toEqual(["'unsafe-inline'"]);
    expect(policy["default-src"]).toEqual(["'self'"]);
    for (const directive of ["font-src", "connect-src"]) expect(policy[directive]).toEqual(["'self'"]);
    // blob: only, for the chart PNG export (an SVG drawn onto a canvas); no data:, no other origin
    expect(policy["img-src"]).toEqual(["'self'", "blob:"]);
  });

  it("forbids plugins, foreign base URLs, foreign form targets and framing", () => {
    const policy = directivesOf(pageContentSecurityPolicy({ nonce: "n" }));
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'self'"]);
    expect(policy["form-action"]).toEqual(["'self'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
  });

  it("allows eval and unnonced style elements in development only", () => {
    const production = pageContentSecurityPolicy({ nonce: "n" });
    expect(production).not.toContain("unsafe-eval");
    expect(directivesOf(production)["style-src"]).not.toContain("'unsafe-inline'");
    const development = directivesOf(pageContentSecurityPolicy({ nonce: "n", development: true }));
    expect(development["script-src"]).toContain("'unsafe-eval'");
    expect(development["script-src"]).not.toContain("'unsafe-inline'");
    expect(development["style-src"]).toContain("'unsafe-inline'");
  });
});

describe("SECURITY_HEADERS", () => {
  const header = (key: string) => SECURITY_HEADERS.find((entry) => entry.key === key)?.value;

  it("sends nosniff, no framing, a referrer policy and denies device features", () => {
    expect(header("x-content-type-options")).toBe("nosniff");
    expect(header("x-frame-options")).toBe("DENY");
    expect(header("referrer-policy")).toBe("strict-origin-when-cross-origin");
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"])
      expect(header("permissions-policy")).toContain(`${feature}=()`);
  });

  it("gives non-page responses a policy that loads nothing, under the key proxy.ts replaces on pages", () => {
    expect(header("content-security-policy")).toBe(RESOURCE_CONTENT_SECURITY_POLICY);
    const policy = directivesOf(RESOURCE_CONTENT_SECURITY_POLICY);
    expect(policy["default-src"]).toEqual(["'none'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    // Lower case: next.config keys and proxy.ts keys must be the same for one to replace the other.
    for (const { key } of SECURITY_HEADERS) expect(key).toBe(key.toLowerCase());
  });
});
