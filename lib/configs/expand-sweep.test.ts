import { describe, expect, it } from "vitest";
import { defaultRetrievalConfig, defaultRetrievers } from "@/lib/configs/config-schema";
import { compareSweepPoints, describeSweepPoint, expandSweep } from "@/lib/configs/expand-sweep";
import { type SweepInput, sweepSchema } from "@/lib/configs/sweep-schema";

const sweep = (input: Omit<SweepInput, "name">) => sweepSchema.parse({ name: "grid", ...input });

describe("expandSweep", () => {
  it("is the cartesian product, first axis slowest, each point a validated configuration", () => {
    const { points, skipped } = expandSweep(
      sweep({
        baseConfig: defaultRetrievalConfig,
        axes: [
          { path: "chunking.size", values: [200, 400] },
          { path: "retriever.k1", values: [0.9, 1.2, 1.5] },
        ],
      }),
    );
    expect(skipped).toEqual([]);
    expect(points.map((point) => point.values)).toEqual([
      { "chunking.size": 200, "retriever.k1": 0.9 },
      { "chunking.size": 200, "retriever.k1": 1.2 },
      { "chunking.size": 200, "retriever.k1": 1.5 },
      { "chunking.size": 400, "retriever.k1": 0.9 },
      { "chunking.size": 400, "retriever.k1": 1.2 },
      { "chunking.size": 400, "retriever.k1": 1.5 },
    ]);
    // toMatchObject: the config schema grows fields (with defaults) the base leaves out
    expect(points[4]?.config).toMatchObject({
      ...defaultRetrievalConfig,
      chunking: { ...defaultRetrievalConfig.chunking, size: 400 },
      retriever: { kind: "bm25", k1: 1.2, b: 0.4 },
    });
  });

  it("sets nested paths of a hybrid retriever without touching the base", () => {
    const base = {
      ...defaultRetrievalConfig,
      retriever: { ...defaultRetrievers.hybrid, fusion: { kind: "weighted" as const, alpha: 0.5 } },
    };
    const parsed = sweep({
      baseConfig: base,
      axes: [{ path: "retriever.fusion.alpha", values: [0, 0.5, 1] }],
    });
    const { points } = expandSweep(parsed);
    expect(points.map((point) => point.config.retriever)).toMatchObject([
      { fusion: { alpha: 0 } },
      { fusion: { alpha: 0.5 } },
      { fusion: { alpha: 1 } },
    ]);
    expect(parsed.baseConfig.retriever).toMatchObject({ fusion: { alpha: 0.5 } });
  });

  it("names the point and the zod message of an invalid point", () => {
    const grid = sweep({
      baseConfig: defaultRetrievalConfig,
      axes: [
        { path: "chunking.size", values: [200, 400] },
        { path: "chunking.overlap", values: [80, 240] },
      ],
    });
    expect(() => expandSweep(grid)).toThrow(
      "point chunking.size=200, chunking.overlap=240: chunking.overlap: overlap must be smaller than the chunk size",
    );
    const { points, skipped } = expandSweep(grid, { skipInvalid: true });
    expect(points.map((point) => point.values)).toEqual([
      { "chunking.size": 200, "chunking.overlap": 80 },
      { "chunking.size": 400, "chunking.overlap": 80 },
      { "chunking.size": 400, "chunking.overlap": 240 },
    ]);
    expect(skipped).toEqual([
      {
        values: { "chunking.size": 200, "chunking.overlap": 240 },
        error: "chunking.overlap: overlap must be smaller than the chunk size",
      },
    ]);
  });

  it("rejects a value of the wrong type as an invalid point", () => {
    const grid = sweep({
      baseConfig: defaultRetrievalConfig,
      axes: [{ path: "topK", values: [10, "many"] }],
    });
    expect(() => expandSweep(grid)).toThrow(/^point topK=many: topK: /);
    expect(expandSweep(grid, { skipInvalid: true }).skipped).toHaveLength(1);
  });

  it("rejects a path the base configuration lacks, even when skipping invalid points", () => {
    const grid = sweep({
      baseConfig: defaultRetrievalConfig,
      axes: [{ path: "retriever.fusion.alpha", values: [0.5] }],
    });
    expect(() => expandSweep(grid, { skipInvalid: true })).toThrow(
      /Axis retriever.fusion.alpha: the base configuration has no such setting/,
    );
    const objectPath = sweep({
      baseConfig: defaultRetrievalConfig,
      axes: [{ path: "chunking", values: [1] }],
    });
    expect(() => expandSweep(objectPath)).toThrow(/no such setting/);
    const wholeDocuments = sweep({
      baseConfig: { ...defaultRetrievalConfig, chunking: { strategy: "document", prependTitle: true } },
      axes: [{ path: "chunking.size", values: [200, 400] }],
    });
    expect(() => expandSweep(wholeDocuments)).toThrow(
      "Axis chunking.size: the base configuration has no such setting (its chunking: ",
    );
  });

  it("fails when every point is invalid", () => {
    const grid = sweep({
      baseConfig: defaultRetrievalConfig,
      axes: [{ path: "chunking.overlap", values: [400, 500] }],
    });
    expect(() => expandSweep(grid, { skipInvalid: true })).toThrow(/Every point of the grid is invalid/);
  });
});

describe("sweep points", () => {
  it("describes and orders point values by the axes", () => {
    const axes = [
      { path: "a", values: [3, 1] },
      { path: "b", values: ["x", "y"] },
    ];
    expect(describeSweepPoint({ a: 3, b: "y" })).toBe("a=3 · b=y");
    const points = [
      { a: 1, b: "x" },
      { a: 3, b: "y" },
      { a: 3, b: "x" },
    ];
    expect(points.sort((left, right) => compareSweepPoints(axes, left, right))).toEqual([
      { a: 3, b: "x" },
      { a: 3, b: "y" },
      { a: 1, b: "x" },
    ]);
  });
});
