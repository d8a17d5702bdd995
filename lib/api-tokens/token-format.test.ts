import { describe, expect, it } from "vitest";
import {
  generateApiToken,
  hashApiToken,
  looksLikeApiToken,
  parseBearerToken,
  tokenDisplayPrefix,
} from "@/lib/api-tokens/token-format";

describe("API token format", () => {
  it("generates distinct gs_ tokens of the expected shape", () => {
    const first = generateApiToken();
    const second = generateApiToken();
    expect(first).not.toBe(second);
    expect(looksLikeApiToken(first)).toBe(true);
    expect(first.startsWith("gs_")).toBe(true);
    expect(first).toHaveLength(46);
  });

  it("hashes with sha256 hex (a known vector) and never returns the token", () => {
    expect(hashApiToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const token = generateApiToken();
    expect(hashApiToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiToken(token)).not.toContain(token.slice(3, 13));
  });

  it("shows only the first ten characters", () => {
    expect(tokenDisplayPrefix("gs_abcdefghijklmnop")).toBe("gs_abcdefg");
  });

  it("reads the Bearer header, case-insensitively, and nothing else", () => {
    expect(parseBearerToken("Bearer gs_x")).toBe("gs_x");
    expect(parseBearerToken("bearer   gs_x  ")).toBe("gs_x");
    expect(parseBearerToken(null)).toBeNull();
    expect(parseBearerToken("Basic dXNlcjpwYXNz")).toBeNull();
    expect(parseBearerToken("Bearer")).toBeNull();
    expect(parseBearerToken("Bearer a b")).toBeNull();
  });

  it("refuses text not shaped like a token", () => {
    expect(looksLikeApiToken("gs_short")).toBe(false);
    expect(looksLikeApiToken(`xx_${"a".repeat(43)}`)).toBe(false);
    expect(looksLikeApiToken(`gs_${"a".repeat(42)}!`)).toBe(false);
  });
});
