import { describe, expect, it } from "vitest";
import { judgeCacheKey } from "@/lib/judging/judge-cache-key";

const pair = {
  judgeVersionId: "judge-v1",
  queryText: "how do tides form",
  passageText: "The moon pulls the sea.",
};

describe("judgeCacheKey", () => {
  it("is a stable 64-character hex digest", () => {
    const key = judgeCacheKey(pair);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(judgeCacheKey({ ...pair })).toBe(key);
  });

  it("changes with the judge version, the query and the passage", () => {
    const keys = new Set([
      judgeCacheKey(pair),
      judgeCacheKey({ ...pair, judgeVersionId: "judge-v2" }),
      judgeCacheKey({ ...pair, queryText: "how do tides form?" }),
      judgeCacheKey({ ...pair, passageText: "The moon pulls the sea!" }),
    ]);
    expect(keys.size).toBe(4);
  });

  it("cannot be collided by moving text across the boundary between parts", () => {
    const a = judgeCacheKey({ judgeVersionId: "v", queryText: "ab", passageText: "c" });
    const b = judgeCacheKey({ judgeVersionId: "v", queryText: "a", passageText: "bc" });
    const c = judgeCacheKey({ judgeVersionId: "v\u0000a", queryText: "b", passageText: "c" });
    expect(new Set([a, b, c]).size).toBe(3);
  });

  it("treats CRLF and NFD copies of a text as the same text", () => {
    const key = judgeCacheKey({ ...pair, passageText: "Caf\u00e9 line one\nline two" });
    expect(judgeCacheKey({ ...pair, passageText: "Cafe\u0301 line one\r\nline two" })).toBe(key);
  });
});
