import { describe, expect, it } from "vitest";
import { poolSettingsInputSchema, readPoolRunIds } from "./pool-settings-schema";

describe("poolSettingsInputSchema", () => {
  it("reads the form's depth and de-duplicates the runs", () => {
    expect(poolSettingsInputSchema.parse({ depth: "20", runIds: ["a", "b", "a"] })).toEqual({
      depth: 20,
      runIds: ["a", "b"],
    });
  });

  it("refuses a depth outside 1–100 with a message that says so", () => {
    const result = poolSettingsInputSchema.safeParse({ depth: "0", runIds: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/at least the top 1/);
    expect(poolSettingsInputSchema.safeParse({ depth: "101", runIds: [] }).success).toBe(false);
    expect(poolSettingsInputSchema.safeParse({ depth: "2.5", runIds: [] }).success).toBe(false);
  });
});

describe("readPoolRunIds", () => {
  it("reads a JSON array of ids and anything else as none", () => {
    expect(readPoolRunIds(["r1", "r2"])).toEqual(["r1", "r2"]);
    expect(readPoolRunIds("r1")).toEqual([]);
    expect(readPoolRunIds(null)).toEqual([]);
  });
});
