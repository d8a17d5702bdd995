import { describe, expect, it } from "vitest";
import { DEFAULT_SAMPLE_SIZE, defaultSampleSize } from "./sample-into-set-schema";

describe("defaultSampleSize", () => {
  it("proposes every query of a small log and the default of a large one", () => {
    expect(defaultSampleSize(11)).toBe(11);
    expect(defaultSampleSize(DEFAULT_SAMPLE_SIZE)).toBe(DEFAULT_SAMPLE_SIZE);
    expect(defaultSampleSize(50_000)).toBe(DEFAULT_SAMPLE_SIZE);
  });

  it("never proposes less than one query", () => {
    expect(defaultSampleSize(0)).toBe(1);
  });
});
