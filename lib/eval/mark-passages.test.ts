import { describe, expect, it } from "vitest";
import { labelIdentity, markPassages } from "./mark-passages";
import type { RunLabel } from "./run-labels";

const label = (
  number: number,
  documentId: string,
  span: { start: number; end: number } | null,
  grade: number,
): RunLabel => ({
  id: `q#${number - 1}`,
  number,
  documentId,
  span,
  grade,
  state: span ? "exact" : "document",
  exact: span ? "quote" : null,
  document: documentId,
});

const labels = [
  label(1, "d1", { start: 10, end: 20 }, 3),
  label(2, "d1", { start: 300, end: 320 }, 0),
  label(3, "d2", null, 1),
];
const passage = (rank: number, documentId: string, start: number, end: number) => ({
  rank,
  documentId,
  start,
  end,
});

describe("markPassages", () => {
  it("marks relevant, judged-not-relevant and unjudged passages under the run's coverage", () => {
    const marked = markPassages({
      passages: [
        passage(2, "d1", 0, 100),
        passage(1, "d1", 250, 350),
        passage(3, "d9", 0, 100),
        passage(4, "d1", 15, 115),
        passage(5, "d2", 0, 50),
      ],
      labels,
      mode: "label",
      coverage: 1,
      relevantThreshold: 1,
    });
    expect(marked.map((entry) => [entry.rank, entry.judgement])).toEqual([
      [1, "not-relevant"],
      [2, "relevant"],
      [3, "unjudged"],
      [4, "unjudged"], // holds only half of L1: below coverage 1
      [5, "relevant"],
    ]);
    expect(marked[1]?.firstHits).toEqual([labelIdentity(labels[0]!)]);
    expect(marked[4]?.labels).toEqual([{ identity: labelIdentity(labels[2]!), grade: 1, relevant: true }]);
    // partial credit: rank 4 holds half of L1, so it is not a plain miss; the others hold nothing partly
    expect(marked.map((entry) => entry.partial)).toEqual([
      null,
      null,
      null,
      { identity: labelIdentity(labels[0]!), share: 0.5 },
      null,
    ]);
  });

  it("credits a label once (first hit) and relaxes with a lower coverage", () => {
    const marked = markPassages({
      passages: [passage(1, "d1", 15, 115), passage(2, "d1", 0, 100)],
      labels,
      mode: "label",
      coverage: 0.5,
      relevantThreshold: 1,
    });
    expect(marked.map((entry) => entry.judgement)).toEqual(["relevant", "relevant"]);
    expect(marked[0]?.firstHits).toHaveLength(1);
    expect(marked[1]?.firstHits).toEqual([]);
  });

  it("matches by document in document mode", () => {
    const [marked] = markPassages({
      passages: [passage(1, "d1", 900, 1000)],
      labels,
      mode: "document",
      coverage: 1,
      relevantThreshold: 1,
    });
    expect(marked?.judgement).toBe("relevant");
    expect(marked?.labels).toHaveLength(2);
  });
});
