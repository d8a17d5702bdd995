import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "@/lib/http/safe-redirect-path";

describe("safeRedirectPath", () => {
  it("keeps paths on this site, with their query and hash", () => {
    expect(safeRedirectPath("/sets/abc?tab=runs#top")).toBe("/sets/abc?tab=runs#top");
    expect(safeRedirectPath("/")).toBe("/");
  });

  it("sends anything that would leave the site to the overview", () => {
    for (const next of [
      "//evil.example/x",
      "/\\evil.example",
      "/\t/evil.example",
      "/%09/evil.example/x".replace("%09", "\t"),
      "https://evil.example",
      "javascript:alert(1)",
      "evil.example",
      "",
      undefined,
      ["//evil.example"],
    ])
      expect(safeRedirectPath(next), String(next)).toBe("/");
  });
});
