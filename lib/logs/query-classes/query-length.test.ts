import { describe, expect, it } from "vitest";
import { isVeryLongQuery, isVeryShortQuery } from "./query-length";
import { toQueryText } from "./query-text";

describe("isVeryShortQuery", () => {
  it("takes one token or at most 3 characters", () => {
    expect(isVeryShortQuery(toQueryText("raid"))).toBe(true);
    expect(isVeryShortQuery(toQueryText("lk-psu-450w"))).toBe(true);
    expect(isVeryShortQuery(toQueryText("a b"))).toBe(true);
    expect(isVeryShortQuery(toQueryText("hot spare"))).toBe(false);
  });
});

describe("isVeryLongQuery", () => {
  it("takes more than 12 tokens or more than 100 characters", () => {
    expect(
      isVeryLongQuery(toQueryText("one two three four five six seven eight nine ten eleven twelve")),
    ).toBe(false);
    expect(isVeryLongQuery(toQueryText("a b c d e f g h i j k l m"))).toBe(true);
    expect(isVeryLongQuery(toQueryText("x".repeat(101)))).toBe(true);
    expect(isVeryLongQuery(toQueryText("é".repeat(100)))).toBe(false);
  });
});
