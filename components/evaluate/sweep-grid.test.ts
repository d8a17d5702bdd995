import { describe, expect, it } from "vitest";
import { activeAxes, axisOptionsFor, countPoints, describeGrid, isSweep } from "./sweep-grid";

const pathsOf = (options: { path: string }[]) => options.map((option) => option.path);

describe("axisOptionsFor", () => {
  it("offers the settings of the chosen retriever, and of a hybrid only its fusion's parameter", () => {
    expect(pathsOf(axisOptionsFor("bm25", "rrf"))).toEqual([
      "chunking.size",
      "chunking.overlap",
      "topK",
      "retriever.k1",
      "retriever.b",
    ]);
    expect(pathsOf(axisOptionsFor("hybrid-http", "weighted"))).toContain("retriever.fusion.alpha");
    expect(pathsOf(axisOptionsFor("hybrid-http", "weighted"))).not.toContain("retriever.fusion.k");
    expect(pathsOf(axisOptionsFor("external", "rrf"))).toEqual(["topK"]);
    expect(axisOptionsFor("imported", "rrf")).toEqual([]);
    expect(pathsOf(axisOptionsFor("bm25", "rrf", "document"))).toEqual([
      "topK",
      "retriever.k1",
      "retriever.b",
    ]);
  });
});

describe("activeAxes and isSweep", () => {
  it("drops a setting the retriever lacks, so the axis is not sent", () => {
    const axes = [
      { path: "chunking.size", values: "200, 400" },
      { path: "topK", values: "10" },
    ];
    const active = activeAxes(axes, axisOptionsFor("external", "rrf"));
    expect(active).toEqual([
      { path: "", values: "200, 400" },
      { path: "topK", values: "10" },
    ]);
    expect(isSweep(active)).toBe(true);
    expect(isSweep(activeAxes(axes, []))).toBe(false);
    expect(isSweep([{ path: "topK", values: " " }])).toBe(false);
  });
});

describe("countPoints and describeGrid", () => {
  it("multiplies the axes' values, or says why they cannot be read", () => {
    expect(countPoints([{ path: "", values: "1, 2" }])).toEqual({ points: 0 });
    const grid = countPoints([
      { path: "chunking.size", values: "200, 400, 800" },
      { path: "retriever.k1", values: "0:1:0.5" },
    ]);
    expect(grid).toEqual({ points: 9 });
    expect(describeGrid(grid)).toEqual({ text: "9 points, one run each", isProblem: false });
    expect(describeGrid({ points: 1 }).text).toBe("1 point, one run each");
    expect(describeGrid({ points: 0 })).toEqual({ text: "No axis: a single run.", isProblem: false });
    expect(describeGrid({ points: 101 })).toEqual({
      text: "101 points, one run each — at most 100",
      isProblem: true,
    });
    const broken = countPoints([{ path: "topK", values: "1:0:1" }]);
    expect(broken.error).toMatch(/^topK: The range "1:0:1" ends before it starts/);
    expect(describeGrid(broken).isProblem).toBe(true);
  });
});
