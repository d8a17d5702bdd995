import { describe, expect, it } from "vitest";
import { chunkHash } from "@/lib/corpora/content-hash";
import type { RunLabel } from "@/lib/eval/run-labels";
import { buildQueryPassages, PASSAGE_EXCERPT_CHARS } from "./build-query-passages";

const text = `${"alpha beta gamma delta ".repeat(20)}The answer sits here.${" tail words".repeat(40)}`;
const answerAt = text.indexOf("The answer");
const documents = new Map([
  ["d1", { externalId: "kb-1", title: "One", text }],
  ["d2", { externalId: "kb-2", title: "Two", text: "short other text" }],
]);
const label = (
  number: number,
  span: { start: number; end: number } | null,
  grade: number,
  documentId = "d1",
): RunLabel => ({
  id: `q#${number - 1}`,
  number,
  documentId,
  span,
  grade,
  state: "exact",
  exact: span ? text.slice(span.start, span.end) : null,
  document: documentId === "d1" ? "kb-1" : "kb-2",
});
const hit = (rank: number, documentId: string, start: number, end: number, hash?: string) => ({
  rank,
  documentId,
  start,
  end,
  chunkHash: hash ?? chunkHash((documents.get(documentId)?.text ?? "").slice(start, end)),
});
const side = (runId: string, labels: RunLabel[], hits: ReturnType<typeof hit>[]) => ({
  runId,
  mode: "label" as const,
  coverage: 1,
  relevantThreshold: 1,
  labels,
  hits,
});

describe("buildQueryPassages", () => {
  const answer = label(1, { start: answerAt, end: answerAt + 21 }, 3);
  const rejected = label(2, null, 0, "d2");
  const passages = buildQueryPassages({
    sides: [
      side(
        "base",
        [answer, rejected],
        [hit(1, "d2", 0, 16), hit(2, "d1", 3, 103), hit(3, "d1", answerAt - 5, answerAt + 40)],
      ),
      side(
        "hybrid",
        [answer, rejected],
        [hit(1, "d1", answerAt - 5, answerAt + 40), hit(2, "d1", 0, 600, "0123456789abcdef")],
      ),
    ],
    documents,
    hashOf: chunkHash,
  });

  it("marks each side's passages with the labels they satisfy, rank by rank", () => {
    const [base, hybrid] = passages.sides;
    expect(
      base?.passages.map((passage) => [
        passage.rank,
        passage.judgement,
        passage.labels.map((entry) => entry.number),
      ]),
    ).toEqual([
      [1, "not-relevant", [2]],
      [2, "unjudged", []],
      [3, "relevant", [1]],
    ]);
    expect(base?.judged).toEqual({ relevant: 1, "not-relevant": 1, unjudged: 1 });
    expect(hybrid?.passages[0]?.firstHits).toEqual([1]);
    expect(passages.labels.map((entry) => [entry.number, entry.relevant, entry.firstRank])).toEqual([
      [1, true, { base: 3, hybrid: 1 }],
      [2, false, { base: 1, hybrid: null }],
    ]);
  });

  it("says where the other run ranked the same passage", () => {
    expect(passages.sides[0]?.passages.map((passage) => passage.otherRank)).toEqual([null, null, 1]);
    expect(passages.sides[1]?.passages.map((passage) => passage.otherRank)).toEqual([3, null]);
  });

  it("cuts long passages, marks mid-word edges, and flags a document changed since the run", () => {
    const [base, hybrid] = passages.sides;
    expect(base?.passages[0]).toMatchObject({
      document: "kb-2",
      title: "Two",
      excerpt: "short other text",
      changed: false,
    });
    expect(base?.passages[1]?.excerpt.startsWith("…ha beta")).toBe(true);
    expect(hybrid?.passages[1]?.excerpt.length).toBe(PASSAGE_EXCERPT_CHARS);
    expect(hybrid?.passages[1]?.excerpt.endsWith("…")).toBe(true);
    // the stored hash is of other text: the document changed since the run
    expect(hybrid?.passages[1]?.changed).toBe(true);
  });

  it("numbers labels once for both sides, even when set versions number them differently", () => {
    const renumbered = buildQueryPassages({
      sides: [
        side("base", [answer], [hit(1, "d1", answerAt, answerAt + 30)]),
        side(
          "new",
          [
            { ...rejected, number: 1 },
            { ...answer, number: 2 },
          ],
          [hit(1, "d1", answerAt, answerAt + 30)],
        ),
      ],
      documents,
      hashOf: chunkHash,
    });
    expect(renumbered.labels.map((entry) => [entry.number, entry.grade])).toEqual([
      [1, 3],
      [2, 0],
    ]);
    expect(renumbered.sides[1]?.passages[0]?.labels.map((entry) => entry.number)).toEqual([1]);
  });
});
