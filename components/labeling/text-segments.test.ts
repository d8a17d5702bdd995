import { describe, expect, it } from "vitest";
import { segmentGrade, splitIntoSegments } from "./text-segments";

const ids = (segments: ReturnType<typeof splitIntoSegments>) =>
  segments.map((segment) => [segment.start, segment.end, segment.highlights.map((h) => h.id).join(",")]);

describe("splitIntoSegments", () => {
  it("returns one plain segment without highlights", () => {
    expect(ids(splitIntoSegments(10, []))).toEqual([[0, 10, ""]]);
  });

  it("returns nothing for empty text", () => {
    expect(splitIntoSegments(0, [{ id: "a", start: 0, end: 3, grade: 2 }])).toEqual([]);
  });

  it("cuts around a highlight in the middle", () => {
    expect(ids(splitIntoSegments(10, [{ id: "a", start: 2, end: 5, grade: 2 }]))).toEqual([
      [0, 2, ""],
      [2, 5, "a"],
      [5, 10, ""],
    ]);
  });

  it("splits overlapping highlights into flat segments listing every cover", () => {
    const segments = splitIntoSegments(10, [
      { id: "a", start: 1, end: 6, grade: 1 },
      { id: "b", start: 4, end: 8, grade: 3 },
    ]);
    expect(ids(segments)).toEqual([
      [0, 1, ""],
      [1, 4, "a"],
      [4, 6, "a,b"],
      [6, 8, "b"],
      [8, 10, ""],
    ]);
    expect(segments.map(segmentGrade)).toEqual([null, 1, 3, 3, null]);
  });

  it("handles highlights at the edges, adjacent and identical spans", () => {
    const segments = splitIntoSegments(6, [
      { id: "a", start: 0, end: 3, grade: 2 },
      { id: "b", start: 3, end: 6, grade: 2 },
      { id: "c", start: 3, end: 6, grade: 1 },
    ]);
    expect(ids(segments)).toEqual([
      [0, 3, "a"],
      [3, 6, "b,c"],
    ]);
  });

  it("clamps out-of-range highlights and drops empty ones", () => {
    const segments = splitIntoSegments(5, [
      { id: "a", start: -3, end: 2, grade: 2 },
      { id: "b", start: 4, end: 99, grade: 2 },
      { id: "c", start: 3, end: 3, grade: 2 },
      { id: "d", start: 8, end: 9, grade: 2 },
    ]);
    expect(ids(segments)).toEqual([
      [0, 2, "a"],
      [2, 4, ""],
      [4, 5, "b"],
    ]);
  });

  it("covers the whole text contiguously", () => {
    const segments = splitIntoSegments(100, [
      { id: "a", start: 10, end: 40, grade: 1 },
      { id: "b", start: 20, end: 30, grade: 2 },
      { id: "c", start: 35, end: 90, grade: 3 },
    ]);
    expect(segments[0]?.start).toBe(0);
    expect(segments.at(-1)?.end).toBe(100);
    for (let i = 1; i < segments.length; i++) expect(segments[i]?.start).toBe(segments[i - 1]?.end);
  });
});
