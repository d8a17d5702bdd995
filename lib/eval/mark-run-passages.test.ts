import { describe, expect, it } from "vitest";
import type { RankedChunk } from "@/lib/eval/label-metrics";
import { markRunPassages, type RunLabel, runQueryLabels } from "@/lib/eval/mark-run-passages";
import type { GoldenSetFile } from "@/lib/exchange/golden-set-schema";

type FileQuery = GoldenSetFile["queries"][number];
type FileLabel = FileQuery["labels"][number];

const stamp = "2026-12-01T00:00:00.000Z";

function quoteLabel(document: string, exact: string, start: number, grade: number): FileLabel {
  return {
    document,
    documentVersion: 1,
    grade,
    annotator: null,
    createdAt: stamp,
    updatedAt: stamp,
    target: {
      kind: "quote",
      selector: [
        { type: "TextQuoteSelector", exact, prefix: "", suffix: "" },
        { type: "TextPositionSelector", start, end: start + exact.length },
      ],
    },
  };
}

function documentLabel(document: string, grade: number): FileLabel {
  return {
    document,
    documentVersion: 1,
    grade,
    annotator: null,
    createdAt: stamp,
    updatedAt: stamp,
    target: { kind: "document" },
  };
}

const query: FileQuery = {
  id: "q-0001",
  text: "how do I reset the router",
  informationNeed: "",
  tags: [],
  notes: "",
  status: "labeled",
  source: null,
  labels: [
    quoteLabel("kb-1", "hold reset for ten seconds", 120, 2), // #0 exact
    quoteLabel("kb-1", "factory settings", 400, 0), // #1 relocated to 520 (grade 0: judged, not relevant)
    quoteLabel("kb-2", "power light", 10, 1), // #2 orphaned
    documentLabel("kb-3", 1), // #3
    quoteLabel("kb-9", "gone", 0, 2), // #4 document no longer in the corpus
  ],
};

const documentIds = new Map([
  ["kb-1", "doc-1"],
  ["kb-2", "doc-2"],
  ["kb-3", "doc-3"],
]);

const resolution = {
  counts: {},
  labels: [
    {
      id: "q-0001#1",
      queryKey: "q-0001",
      document: "kb-1",
      grade: 0,
      exact: "factory settings",
      state: "relocated" as const,
      from: { start: 400, end: 416 },
      to: { start: 520, end: 536 },
    },
    {
      id: "q-0001#2",
      queryKey: "q-0001",
      document: "kb-2",
      grade: 1,
      exact: "power light",
      state: "orphaned" as const,
      from: { start: 10, end: 21 },
      to: null,
    },
  ],
};

describe("runQueryLabels", () => {
  it("resolves each label as the run did: reported ones from the report, the rest exact", () => {
    const labels = runQueryLabels({ query, resolution, documentIds });
    expect(labels.map((label) => [label.id, label.state])).toEqual([
      ["q-0001#0", "exact"],
      ["q-0001#1", "relocated"],
      ["q-0001#2", "orphaned"],
      ["q-0001#3", "document"],
      ["q-0001#4", "missing-document"],
    ]);
    expect(labels[0]?.scored).toEqual({
      id: "q-0001#0",
      documentId: "doc-1",
      grade: 2,
      span: { start: 120, end: 146 },
    });
    expect(labels[1]?.scored?.span).toEqual({ start: 520, end: 536 });
    expect(labels[2]?.scored).toBeNull();
    expect(labels[3]?.scored).toEqual({ id: "q-0001#3", documentId: "doc-3", grade: 1, span: null });
    expect(labels[4]?.scored).toBeNull();
  });
});

describe("markRunPassages", () => {
  const labels: RunLabel[] = runQueryLabels({ query, resolution, documentIds });
  const ranking: RankedChunk[] = [
    { documentId: "doc-1", start: 100, end: 200 }, // holds #0
    { documentId: "doc-1", start: 500, end: 600 }, // holds #1 where it moved (grade 0)
    { documentId: "doc-2", start: 0, end: 100 }, // where the orphaned #2 was: not judged
    { documentId: "doc-3", start: 0, end: 100 }, // #3, the whole document
    { documentId: "doc-4", start: 0, end: 100 }, // nothing
  ];

  it("marks the labels each chunk satisfies under the coverage rule, and which are judged", () => {
    const marked = markRunPassages({ ranking, labels, mode: "label", coverage: 1, relevantThreshold: 1 });
    expect(marked).toEqual([
      { satisfies: ["q-0001#0"], judged: true, relevant: true, scored: true },
      { satisfies: ["q-0001#1"], judged: true, relevant: false, scored: true },
      { satisfies: [], judged: false, relevant: false, scored: true },
      { satisfies: ["q-0001#3"], judged: true, relevant: true, scored: true },
      { satisfies: [], judged: false, relevant: false, scored: true },
    ]);
    // Half of the quote inside the chunk satisfies it only under θ = 0.5.
    const straddling = [{ documentId: "doc-1", start: 133, end: 233 }];
    expect(
      markRunPassages({ ranking: straddling, labels, mode: "label", coverage: 1, relevantThreshold: 1 })[0]
        ?.judged,
    ).toBe(false);
    expect(
      markRunPassages({ ranking: straddling, labels, mode: "label", coverage: 0.5, relevantThreshold: 1 })[0]
        ?.judged,
    ).toBe(true);
  });

  it("in document mode judges a passage by its document and scores each document once", () => {
    const marked = markRunPassages({ ranking, labels, mode: "document", coverage: 1, relevantThreshold: 1 });
    expect(marked.map((passage) => [passage.satisfies, passage.relevant, passage.scored])).toEqual([
      [["q-0001#0", "q-0001#1"], true, true],
      [["q-0001#0", "q-0001#1"], true, false],
      [[], false, true],
      [["q-0001#3"], true, true],
      [[], false, true],
    ]);
  });
});
