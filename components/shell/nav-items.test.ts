import { describe, expect, it } from "vitest";
import { isActivePath, navItemsFor } from "./nav-items";

describe("isActivePath", () => {
  it("matches the overview only on the root", () => {
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/sets", "/")).toBe(false);
  });

  it("matches a section and the pages below it", () => {
    expect(isActivePath("/sets", "/sets")).toBe(true);
    expect(isActivePath("/sets/abc/queries/1", "/sets")).toBe(true);
  });

  it("does not match a section that merely shares a prefix", () => {
    expect(isActivePath("/settings", "/sets")).toBe(false);
    expect(isActivePath("/runs-archive", "/runs")).toBe(false);
  });
});

describe("navItemsFor", () => {
  it("shows the users page to admins only", () => {
    expect(navItemsFor("admin").map((item) => item.href)).toContain("/admin/users");
    expect(navItemsFor("engineer").map((item) => item.href)).not.toContain("/admin/users");
    expect(navItemsFor("annotator").map((item) => item.href)).not.toContain("/admin/users");
    expect(navItemsFor("annotator").map((item) => item.href)).toContain("/sets");
  });

  it("shows the judges page to engineers and admins, not to annotators", () => {
    expect(navItemsFor("admin").map((item) => item.href)).toContain("/judges");
    expect(navItemsFor("engineer").map((item) => item.href)).toContain("/judges");
    expect(navItemsFor("annotator").map((item) => item.href)).not.toContain("/judges");
  });
});
