import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "@/lib/http/safe-redirect-path";

describe("safeRedirectPath", () => {
  it("keeps paths on this site as they were given, with their query and hash", () => {
    for (const next of [
      "/",
      "/sets/abc?tab=runs#top",
      "/sets/abc/queries/q1",
      "/compare?runs=a,b&set=x%20y",
      "/sets?q=a//b", // a double slash in the query leaves the path alone
      "/logs/1.2.3",
      "/sets/..abc", // a segment that only starts with dots is a name
    ])
      expect(safeRedirectPath(next), next).toBe(next);
  });

  // Every spelling here is a route a browser (or a server that decodes before routing) can take
  // to another host, or is not a plain path at all: each is refused for the overview.
  const tricky: [string, string][] = [
    ["protocol-relative", "//evil.example/x"],
    ["three slashes", "///evil.example"],
    ["backslash as second slash", "/\\evil.example"],
    ["two backslashes", "/\\\\evil.example"],
    ["backslash later in the path", "/sets\\..\\..\\evil"],
    ["dot segment to //", "/.//evil.example"],
    ["dot-dot segment to //", "/..//evil.example"],
    ["dot-dot deeper", "/sets/..//evil.example"],
    ["dot segment alone", "/sets/./abc"],
    ["dot-dot segment alone", "/sets/../admin"],
    ["encoded dots to //", "/%2e%2e//evil.example"],
    ["encoded dot, upper case", "/%2E//evil.example"],
    ["encoded slashes after a dot", "/.%2F%2Fevil.example"],
    ["encoded slashes", "/%2F%2Fevil.example"],
    ["encoded slash, lower case", "/%2f/evil.example"],
    ["encoded backslashes", "/%5C%5Cevil.example"],
    ["encoded backslash, lower case", "/%5c/evil.example"],
    ["double-encoded slashes", "/%252F%252Fevil.example"],
    ["double-encoded dots", "/%252e%252e//evil.example"],
    ["malformed percent-encoding", "/sets/%E0%A4%A"],
    ["tab inside //", "/\t/evil.example"],
    ["newline inside //", "/\n/evil.example"],
    ["carriage return", "/\r/evil.example"],
    ["encoded tab", "/%09/evil.example"],
    ["encoded newline", "/%0a/evil.example"],
    ["NUL", "/\u0000/evil.example"],
    ["DEL", "/\u007f/evil.example"],
    ["C1 control", "/\u0085/evil.example"],
    ["leading space", " //evil.example"],
    ["absolute URL", "https://evil.example"],
    ["scheme without slashes", "https:evil.example"],
    ["javascript", "javascript:alert(1)"],
    ["bare host", "evil.example"],
    ["relative dot path", "./sets"],
    ["empty", ""],
  ];

  it.each(tricky)("refuses %s (%j)", (_name, next) => {
    expect(safeRedirectPath(next)).toBe("/");
  });

  it("refuses what is not one string", () => {
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(["//evil.example"])).toBe("/");
    expect(safeRedirectPath(["/sets", "/admin"])).toBe("/sets");
  });
});
