import { describe, expect, it } from "vitest";
import { markPassages } from "@/lib/eval/mark-passages";
import { type RunLabel, runQueryLabels } from "@/lib/eval/run-labels";
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

const judging = { policy: "any" as const, relevantThreshold: 1 };

describe("runQueryLabels", () => {
  it("resolves each label as the run did: reported ones from the report, the rest exact", () => {
    const labels = runQueryLabels({ query, resolution, documentIds, judging });
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

  it("scores each label with the grade the set's judgment policy counts", () => {
    const adjudicated = {
      ...query,
      labels: [
        ...query.labels,
        { ...documentLabel("kb-1", 3), annotator: "lead@example.com", adjudicated: true },
      ],
    };
    const labels = runQueryLabels({ query: adjudicated, resolution, documentIds, judging });
    // kb-1 was decided: the annotators' labels on it are not counted, the decision is.
    expect(labels.map((label) => label.countedGrade)).toEqual([null, null, 1, 1, 2, 3]);
    expect(labels[0]?.scored).toBeNull();
    expect(labels[5]?.scored).toEqual({ id: "q-0001#5", documentId: "doc-1", grade: 3, span: null });
  });
});

describe("runQueryLabels with markPassages, as a run's page shows one query", () => {
  const labels: RunLabel[] = runQueryLabels({ query, resolution, documentIds, judging }).flatMap(
    ({ scored, ...label }) => (scored ? [{ ...label, ...scored }] : []),
  );
  const ranking = [
    { rank: 1, documentId: "doc-1", start: 100, end: 200 }, // holds #0
    { rank: 2, documentId: "doc-1", start: 500, end: 600 }, // holds #1 where it moved (grade 0)
    { rank: 3, documentId: "doc-2", start: 0, end: 100 }, // where the orphaned #2 was: not judged
    { rank: 4, documentId: "doc-3", start: 0, end: 100 }, // #3, the whole document
    { rank: 5, documentId: "doc-4", start: 0, end: 100 }, // nothing
  ];
  const mark = (options: { passages?: typeof ranking; mode?: "label" | "document"; coverage?: number }) =>
    markPassages({
      passages: options.passages ?? ranking,
      labels,
      mode: options.mode ?? "label",
      coverage: options.coverage ?? 1,
      relevantThreshold: 1,
      identify: (label) => label.id,
    });
  const summary = (marked: ReturnType<typeof mark>) =>
    marked.map((passage) => [
      passage.labels.map((label) => label.identity),
      passage.judgement,
      passage.scored,
    ]);

  it("marks the labels each chunk satisfies under the coverage rule, and which are judged", () => {
    expect(summary(mark({}))).toEqual([
      [["q-0001#0"], "relevant", true],
      [["q-0001#1"], "not-relevant", true],
      [[], "unjudged", true],
      [["q-0001#3"], "relevant", true],
      [[], "unjudged", true],
    ]);
    // Half of the quote inside the chunk satisfies it only under θ = 0.5.
    const straddling = [{ rank: 1, documentId: "doc-1", start: 133, end: 233 }];
    expect(mark({ passages: straddling })[0]?.judgement).toBe("unjudged");
    expect(mark({ passages: straddling, coverage: 0.5 })[0]?.judgement).toBe("relevant");
  });

  it("in document mode judges a passage by its document and scores each document once", () => {
    expect(summary(mark({ mode: "document" }))).toEqual([
      [["q-0001#0", "q-0001#1"], "relevant", true],
      [["q-0001#0", "q-0001#1"], "relevant", false],
      [[], "unjudged", true],
      [["q-0001#3"], "relevant", true],
      [[], "unjudged", true],
    ]);
  });
});
