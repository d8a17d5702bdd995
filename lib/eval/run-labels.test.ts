import { describe, expect, it } from "vitest";
import type { RunResolution } from "@/lib/eval/run-report-schema";
import { parseSetSnapshot, rebuildRunLabels, snapshotDocumentIds } from "./run-labels";

const quote = (exact: string, start: number) => ({
  kind: "quote",
  selector: [
    { type: "TextQuoteSelector", exact, prefix: "", suffix: "" },
    { type: "TextPositionSelector", start, end: start + exact.length },
  ],
});

const snapshot = parseSetSnapshot({
  format: "goldenset",
  version: 1,
  set: { name: "s", description: "", relevantThreshold: 2, gradeScale: [] },
  corpus: { name: "c", documents: [] },
  queries: [
    {
      id: "q-0001",
      text: "one",
      labels: [
        { document: "kb-1", documentVersion: 1, grade: 3, target: quote("exact quote", 10) },
        { document: "kb-1", documentVersion: 1, grade: 2, target: quote("moved quote", 50) },
        { document: "kb-2", documentVersion: 1, grade: 1, target: { kind: "document" } },
        { document: "kb-3", documentVersion: 1, grade: 3, target: quote("lost quote", 0) },
        { document: "gone", documentVersion: 1, grade: 3, target: { kind: "document" } },
      ],
    },
  ],
});

const resolution: RunResolution = {
  counts: { exact: 1, relocated: 1, orphaned: 1 },
  labels: [
    {
      id: "q-0001#1",
      queryKey: "q-0001",
      document: "kb-1",
      grade: 2,
      exact: "moved quote",
      state: "relocated",
      from: { start: 50, end: 61 },
      to: { start: 70, end: 81 },
    },
    {
      id: "q-0001#2",
      queryKey: "q-0001",
      document: "kb-2",
      grade: 1,
      exact: null,
      state: "document",
      from: null,
      to: null,
    },
    {
      id: "q-0001#3",
      queryKey: "q-0001",
      document: "kb-3",
      grade: 3,
      exact: "lost quote",
      state: "orphaned",
      from: { start: 0, end: 10 },
      to: null,
    },
  ],
};

const documentIds = new Map([
  ["kb-1", "d1"],
  ["kb-2", "d2"],
  ["kb-3", "d3"],
]);

describe("rebuildRunLabels", () => {
  it("places labels where the run resolved them: exact at their position, others where the report says", () => {
    const labels = rebuildRunLabels({ snapshot, resolution, documentIds }).get("q-0001") ?? [];
    expect(
      labels.map(({ number, documentId, span, state, grade }) => ({
        number,
        documentId,
        span,
        state,
        grade,
      })),
    ).toEqual([
      { number: 1, documentId: "d1", span: { start: 10, end: 21 }, state: "exact", grade: 3 },
      { number: 2, documentId: "d1", span: { start: 70, end: 81 }, state: "relocated", grade: 2 },
      { number: 3, documentId: "d2", span: null, state: "document", grade: 1 },
    ]);
  });

  it("leaves out orphaned labels and labels of documents no longer in the corpus: they were not scored", () => {
    const ids = (rebuildRunLabels({ snapshot, resolution, documentIds }).get("q-0001") ?? []).map(
      (label) => label.id,
    );
    expect(ids).not.toContain("q-0001#3");
    expect(ids).not.toContain("q-0001#4");
  });

  it("lists the documents the labels name, once each", () => {
    expect(snapshotDocumentIds(snapshot)).toEqual(["kb-1", "kb-2", "kb-3", "gone"]);
    expect(snapshot.set.relevantThreshold).toBe(2);
  });
});
