import { describe, expect, it } from "vitest";
import { parseComparisonOptions, parseDecimal } from "@/lib/cli/parse-comparison-options";
import { DEFAULT_SEED } from "@/lib/eval/statistics/seeded-random";

describe("parseComparisonOptions", () => {
  it("fills in the defaults, so that reports name what was used", () => {
    const options = parseComparisonOptions({});
    expect(options).toEqual({
      measures: [],
      test: "randomization",
      permutations: 10_000,
      seed: DEFAULT_SEED,
    });
  });

  it("reads repeated -m, --test, --permutations and --seed", () => {
    expect(
      parseComparisonOptions({
        measure: ["map", "P.5"],
        test: "t-test",
        permutations: "500",
        seed: "4294967295",
      }),
    ).toEqual({ measures: ["map", "P.5"], test: "t-test", permutations: 500, seed: 4294967295 });
    expect(() => parseComparisonOptions({ seed: "4294967296" })).toThrow(
      '--seed takes a whole number from 0 to 4,294,967,295, got "4294967296"',
    );
    expect(() => parseComparisonOptions({ permutations: "1e4" })).toThrow(
      /--permutations takes a whole number/,
    );
  });
});

describe("parseDecimal", () => {
  it("reads decimal numbers and nothing else", () => {
    expect(parseDecimal("0.02", "--max-drop")).toBe(0.02);
    expect(parseDecimal(".5", "--alpha")).toBe(0.5);
    expect(parseDecimal("1e-3", "--alpha")).toBe(0.001);
    expect(parseDecimal(undefined, "--alpha")).toBeUndefined();
    for (const text of ["", "two", "0x10", "1,5", "Infinity", "0.02%"]) {
      expect(() => parseDecimal(text, "--max-drop")).toThrow(`--max-drop takes a number, got "${text}"`);
    }
  });
});
