import { describe, expect, it } from "vitest";
import { boundedEditDistance } from "./edit-distance";

describe("boundedEditDistance", () => {
  it("counts insertions, deletions, substitutions and adjacent swaps as one edit", () => {
    expect(boundedEditDistance("firmware", "firmware", 2)).toBe(0);
    expect(boundedEditDistance("firmare", "firmware", 2)).toBe(1);
    expect(boundedEditDistance("migratoin", "migration", 2)).toBe(1);
    expect(boundedEditDistance("raid", "rail", 2)).toBe(1);
    expect(boundedEditDistance("satilite", "satellite", 2)).toBe(2);
    expect(boundedEditDistance("", "abc", 3)).toBe(3);
  });

  it("stops at max + 1", () => {
    expect(boundedEditDistance("kitten", "sitting", 1)).toBe(2);
    expect(boundedEditDistance("a", "abcdef", 2)).toBe(3);
    expect(boundedEditDistance("abcdef", "uvwxyz", 2)).toBe(3);
  });
});
