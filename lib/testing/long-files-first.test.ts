import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LONG_TEST_FILES, longFileRank } from "./long-files-first";

const root = path.resolve(import.meta.dirname, "../..");

describe("longFileRank", () => {
  it("ranks the listed files in their order and every other file after them", () => {
    expect(longFileRank(path.join(root, LONG_TEST_FILES[0] ?? ""))).toBe(0);
    expect(longFileRank(path.join(root, LONG_TEST_FILES[1] ?? ""))).toBe(1);
    expect(longFileRank(path.join(root, "lib/eval/metrics.test.ts"))).toBe(LONG_TEST_FILES.length);
  });

  it("matches whole path segments, not a file that merely ends the same way", () => {
    expect(longFileRank(path.join(root, "lib/other-bin/goldenset.test.ts"))).toBe(LONG_TEST_FILES.length);
  });

  it("lists only test files that exist (a renamed file would silently lose its place)", () => {
    for (const file of LONG_TEST_FILES) expect(existsSync(path.join(root, file)), file).toBe(true);
  });
});
