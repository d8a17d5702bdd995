import { describe, expect, it } from "vitest";
import { segmentGrade, splitIntoBlocks, splitIntoSegments } from "./text-segments";

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

// from the demo corpus (kb-0008): prose, then an indented two-column table, then prose
const ledDocument = [
  "Every unit has one status LED.",
  "",
  "    Pattern                                 Meaning",
  "    Solid green                             Normal operation",
  "    Blinking green (1 per second)           Booting or shutting down",
  "",
  "If the LED is solid amber, open the Storage page.",
].join("\n");
const at = (needle: string) => ledDocument.indexOf(needle);

describe("splitIntoBlocks", () => {
  it("keeps prose and table lines in separate blocks that cover the text once", () => {
    const blocks = splitIntoBlocks(ledDocument, []);
    expect(blocks.map((block) => [block.tabular, ledDocument.slice(block.start, block.end)])).toEqual([
      [false, "Every unit has one status LED.\n\n"],
      [true, `${ledDocument.slice(at("    Pattern"), at("\n\nIf"))}\n`],
      [false, "\nIf the LED is solid amber, open the Storage page."],
    ]);
    // each block is one plain segment when nothing is labeled
    for (const block of blocks) expect(ids(block.segments)).toEqual([[block.start, block.end, ""]]);
  });

  it("cuts a highlight that crosses a block edge, with the same label on both sides", () => {
    const start = at("status LED");
    const end = at("Pattern") + "Pattern".length;
    const blocks = splitIntoBlocks(ledDocument, [{ id: "a", start, end, grade: 2 }]);
    const table = blocks[1]!;
    expect(ids(blocks[0]!.segments)).toEqual([
      [0, start, ""],
      [start, table.start, "a"],
    ]);
    expect(ids(table.segments)).toEqual([
      [table.start, end, "a"],
      [end, table.end, ""],
    ]);
    // the two marks together hold exactly the labeled text
    const marked = blocks
      .flatMap((block) => block.segments)
      .filter((segment) => segment.highlights.length > 0)
      .map((segment) => ledDocument.slice(segment.start, segment.end))
      .join("");
    expect(marked).toBe(ledDocument.slice(start, end));
  });

  it("has, across its blocks, the segments of splitIntoSegments cut at the block starts only", () => {
    const highlights = [
      { id: "a", start: at("Solid green"), end: at("Normal operation") + 6, grade: 3 },
      { id: "b", start: at("operation"), end: at("If the LED") + 6, grade: 1 },
      { id: "c", start: 3, end: 8, grade: 2 },
    ];
    const blocks = splitIntoBlocks(ledDocument, highlights);
    const flat = blocks.flatMap((block) => block.segments);
    expect(flat[0]?.start).toBe(0);
    expect(flat.at(-1)?.end).toBe(ledDocument.length);
    for (let i = 1; i < flat.length; i++) expect(flat[i]?.start).toBe(flat[i - 1]?.end);
    for (const block of blocks) {
      expect(block.segments[0]?.start).toBe(block.start);
      expect(block.segments.at(-1)?.end).toBe(block.end);
    }
    const edges = blocks.map((block) => block.start);
    expect(ids(flat)).toEqual(ids(splitIntoSegments(ledDocument.length, highlights, edges)));
    // text rebuilt from the segments is the document, character for character
    expect(flat.map((segment) => ledDocument.slice(segment.start, segment.end)).join("")).toBe(ledDocument);
  });

  it("returns nothing for an empty text", () => {
    expect(splitIntoBlocks("", [{ id: "a", start: 0, end: 3, grade: 2 }])).toEqual([]);
  });
});
