import { describe, expect, it } from "vitest";
import { defaultRetrievalConfig } from "@/lib/configs/config-schema";
import { parseAxisValues, SWEEP_MAX_POINTS, sweepSchema } from "@/lib/configs/sweep-schema";

describe("parseAxisValues", () => {
  it("reads comma-separated numbers, booleans and strings", () => {
    expect(parseAxisValues("200, 400,800")).toEqual([200, 400, 800]);
    expect(parseAxisValues("true, false, rrf")).toEqual([true, false, "rrf"]);
  });

  it("expands inclusive ranges and rounds floating error away", () => {
    expect(parseAxisValues("0:1:0.25")).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(parseAxisValues("0:1:0.1")).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(parseAxisValues("0:0.3:0.1")).toEqual([0, 0.1, 0.2, 0.3]);
    expect(parseAxisValues("100:300:100, 1000")).toEqual([100, 200, 300, 1000]);
  });

  it("rejects empty input, bad ranges and too many values", () => {
    expect(() => parseAxisValues(" , ")).toThrow(/at least one value/);
    expect(() => parseAxisValues("0:1")).toThrow(/start:end:step/);
    expect(() => parseAxisValues("0:1:0")).toThrow(/step/);
    expect(() => parseAxisValues("1:0:0.1")).toThrow(/ends before it starts/);
    expect(() => parseAxisValues("0:100:1")).toThrow(/at most 50/);
  });
});

describe("sweepSchema", () => {
  const base = { name: "size grid", baseConfig: defaultRetrievalConfig };

  it("fills coverage, mode and the base configuration's defaults", () => {
    const sweep = sweepSchema.parse({
      ...base,
      baseConfig: { chunking: defaultRetrievalConfig.chunking, retriever: { kind: "bm25" } },
      axes: [{ path: "chunking.size", values: [200, 400] }],
    });
    expect(sweep).toMatchObject({
      coverage: 1,
      mode: "label",
      baseConfig: { topK: 20, retriever: { k1: 0.9 } },
    });
  });

  it("rejects duplicate values, duplicate paths, no axes and more than three", () => {
    const axis = { path: "topK", values: [5, 10] };
    expect(sweepSchema.safeParse({ ...base, axes: [{ path: "topK", values: [5, 5] }] }).success).toBe(false);
    expect(sweepSchema.safeParse({ ...base, axes: [axis, axis] }).success).toBe(false);
    expect(sweepSchema.safeParse({ ...base, axes: [] }).success).toBe(false);
    const four = ["topK", "chunking.size", "chunking.overlap", "retriever.k1"].map((path) => ({
      path,
      values: [1],
    }));
    expect(sweepSchema.safeParse({ ...base, axes: four }).success).toBe(false);
  });

  it(`caps the grid at ${SWEEP_MAX_POINTS} points with a clear message`, () => {
    const tens = Array.from({ length: 11 }, (_, index) => index + 1);
    const result = sweepSchema.safeParse({
      ...base,
      axes: [
        { path: "topK", values: tens },
        { path: "chunking.size", values: tens.map((value) => value * 100) },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/at most 100 points/);
  });
});
