import { describe, expect, it } from "vitest";
import { chunkSatisfiesLabel, type EvalLabel, type RankedChunk } from "@/lib/eval/label-metrics";

function chunk(documentId: string, start: number, end = start + 100): RankedChunk {
  return { documentId, start, end };
}

function quote(id: string, documentId: string, start: number, end: number, grade = 2): EvalLabel {
  return { id, documentId, grade, span: { start, end } };
}

describe("chunkSatisfiesLabel", () => {
  const label = quote("l", "d1", 110, 150);

  it("needs the quote wholly inside the chunk at θ = 1", () => {
    expect(chunkSatisfiesLabel({ chunk: chunk("d1", 100), label, coverage: 1 })).toBe(true);
    expect(chunkSatisfiesLabel({ chunk: chunk("d1", 120), label, coverage: 1 })).toBe(false);
    expect(chunkSatisfiesLabel({ chunk: chunk("d2", 100), label, coverage: 1 })).toBe(false);
  });

  it("accepts half the shorter span at θ = 0.5", () => {
    // Quote [110, 150) is 40 long; chunk [130, 230) overlaps it by 20 = 0.5 of 40.
    expect(chunkSatisfiesLabel({ chunk: chunk("d1", 130), label, coverage: 0.5 })).toBe(true);
    expect(chunkSatisfiesLabel({ chunk: chunk("d1", 131), label, coverage: 0.5 })).toBe(false);
    expect(chunkSatisfiesLabel({ chunk: chunk("d1", 150), label, coverage: 0.5 })).toBe(false); // touching
  });

  it("measures a quote longer than the chunk by the chunk's length", () => {
    const long = quote("long", "d1", 100, 400);
    expect(chunkSatisfiesLabel({ chunk: chunk("d1", 200), label: long, coverage: 1 })).toBe(true);
    expect(chunkSatisfiesLabel({ chunk: chunk("d1", 350), label: long, coverage: 1 })).toBe(false);
    expect(chunkSatisfiesLabel({ chunk: chunk("d1", 350), label: long, coverage: 0.5 })).toBe(true);
  });

  it("lets any chunk of the document satisfy a document-level label", () => {
    const documentLabel: EvalLabel = { id: "doc", documentId: "d2", grade: 1, span: null };
    expect(chunkSatisfiesLabel({ chunk: chunk("d2", 5000), label: documentLabel, coverage: 1 })).toBe(true);
    expect(chunkSatisfiesLabel({ chunk: chunk("d1", 0), label: documentLabel, coverage: 1 })).toBe(false);
  });

  it("accepts coverage exactly at θ", () => {
    const ten = quote("ten", "d1", 0, 10);
    const sevenOfTen = { documentId: "d1", start: 3, end: 200 };
    expect(chunkSatisfiesLabel({ chunk: sevenOfTen, label: ten, coverage: 0.7 })).toBe(true);
    expect(chunkSatisfiesLabel({ chunk: sevenOfTen, label: ten, coverage: 0.71 })).toBe(false);
  });
});
