import { describe, expect, it } from "vitest";
import { applyLabelPatch, bestGradeByDocument, orderLabels, ownLabelOnSpan } from "./label-order";

const label = (id: string, documentId: string, start: number | null, extra: object = {}) => ({
  id,
  documentId,
  externalId: documentId,
  exact: start === null ? null : "quote",
  start,
  end: start === null ? null : start + 5,
  grade: 2,
  mine: true,
  ...extra,
});

describe("orderLabels", () => {
  it("puts the open document first in reading order, its whole-document label on top", () => {
    const labels = [
      label("a", "b-doc", 3),
      label("b", "open", 40),
      label("c", "open", null),
      label("d", "open", 2),
    ];
    expect(orderLabels(labels, "open").map((entry) => entry.id)).toEqual(["c", "d", "b", "a"]);
    expect(orderLabels(labels, null).map((entry) => entry.id)).toEqual(["a", "c", "d", "b"]);
  });
});

describe("applyLabelPatch", () => {
  it("regrades or removes one label and leaves the others", () => {
    const labels = [label("a", "x", 1), label("b", "x", 9)];
    expect(
      applyLabelPatch(labels, { kind: "regrade", labelId: "b", grade: 0 }).map((entry) => entry.grade),
    ).toEqual([2, 0]);
    expect(applyLabelPatch(labels, { kind: "remove", labelId: "a" }).map((entry) => entry.id)).toEqual(["b"]);
  });

  it("puts a label: replaces the one with its id in place, or adds it last", () => {
    const labels = [label("a", "x", 1), label("b", "x", 9)];
    const regraded = { ...label("a", "x", 1), grade: 0 };
    expect(applyLabelPatch(labels, { kind: "put", label: regraded })).toEqual([regraded, labels[1]]);
    const added = label("c", "y", 3);
    expect(applyLabelPatch(labels, { kind: "put", label: added }).map((entry) => entry.id)).toEqual([
      "a",
      "b",
      "c",
    ]);
  });
});

describe("ownLabelOnSpan", () => {
  const labels = [
    label("quote", "doc", 10),
    label("whole", "doc", null),
    label("theirs", "doc", 20, { mine: false }),
  ];
  it("finds the user's own label on the same span or the same document", () => {
    expect(ownLabelOnSpan(labels, { documentId: "doc", span: { start: 10, end: 15 } })?.id).toBe("quote");
    expect(ownLabelOnSpan(labels, { documentId: "doc", span: null })?.id).toBe("whole");
  });
  it("ignores other spans, other documents and other people's labels", () => {
    expect(ownLabelOnSpan(labels, { documentId: "doc", span: { start: 10, end: 16 } })).toBeNull();
    expect(ownLabelOnSpan(labels, { documentId: "other", span: null })).toBeNull();
    expect(ownLabelOnSpan(labels, { documentId: "doc", span: { start: 20, end: 25 } })).toBeNull();
  });
});

describe("bestGradeByDocument", () => {
  it("keeps the highest grade per document, 0 for documents judged not relevant", () => {
    const labels = [
      { documentId: "a", grade: 1 },
      { documentId: "a", grade: 3 },
      { documentId: "b", grade: 0 },
    ];
    expect([...bestGradeByDocument(labels)]).toEqual([
      ["a", 3],
      ["b", 0],
    ]);
  });
});
