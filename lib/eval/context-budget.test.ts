import { describe, expect, it } from "vitest";
import { type ContextMetrics, contextBudgetMetrics, takeWithinBudget } from "@/lib/eval/context-budget";
import type { EvalLabel, RankedChunk } from "@/lib/eval/label-metrics";
import { createSeededRandom, randomIndex } from "@/lib/eval/statistics/seeded-random";

const lengths: Record<string, number> = { a: 1_000, b: 500, c: 300 };
const documentLength = (documentId: string) => lengths[documentId] ?? 0;

const chunk = (documentId: string, start: number, end: number): RankedChunk => ({ documentId, start, end });
const quote = (documentId: string, start: number, end: number, grade = 2): EvalLabel => ({
  id: `${documentId}:${start}-${end}:${grade}`,
  documentId,
  grade,
  span: { start, end },
});
const wholeDocument = (documentId: string, grade = 2): EvalLabel => ({
  id: `${documentId}:doc`,
  documentId,
  grade,
  span: null,
});

function metrics(ranking: RankedChunk[], labels: EvalLabel[], budgetChars: number, relevantThreshold = 1) {
  return contextBudgetMetrics({ ranking, labels, relevantThreshold, budgetChars, documentLength });
}

/** recall = C/L, precision = C/U, IoU = C/(U+L−C) from the three counts. */
function expected(C: number, L: number, U: number): ContextMetrics {
  return { recall: C / L, precision: U === 0 ? 0 : C / U, iou: C / (U + L - C) };
}

describe("takeWithinBudget", () => {
  it("takes spans whole while they fit, cuts the next one to the budget and stops there", () => {
    const ranking = [chunk("a", 0, 100), chunk("a", 200, 350), chunk("b", 0, 100), chunk("c", 0, 10)];
    expect(takeWithinBudget(ranking, 180)).toEqual([chunk("a", 0, 100), chunk("a", 200, 280)]);
    expect(takeWithinBudget(ranking, 250)).toEqual([chunk("a", 0, 100), chunk("a", 200, 350)]);
    expect(takeWithinBudget(ranking, 1_000)).toEqual(ranking);
    expect(takeWithinBudget([], 100)).toEqual([]);
  });

  it("keeps no empty span when the budget runs out exactly at a boundary", () => {
    expect(takeWithinBudget([chunk("a", 0, 100), chunk("b", 0, 50)], 100)).toEqual([chunk("a", 0, 100)]);
  });
});

describe("contextBudgetMetrics", () => {
  it("counts only the characters within the budget: the first result that does not fit contributes its start", () => {
    // relevant: a[150, 250) (L = 100). Budget 200: a[0,100) whole, then a[100, 200) of a[100, 300).
    const result = metrics(
      [chunk("a", 0, 100), chunk("a", 100, 300), chunk("a", 400, 500)],
      [quote("a", 150, 250)],
      200,
    );
    expect(result).toEqual(expected(50, 100, 200));
    // a bigger budget takes all of a[100, 300) (C = 100) and 100 of a[400, 500) with nothing relevant
    expect(
      metrics(
        [chunk("a", 0, 100), chunk("a", 100, 300), chunk("a", 400, 500)],
        [quote("a", 150, 250)],
        1_000,
      ),
    ).toEqual(expected(100, 100, 400));
  });

  it("charges overlapping chunks twice to U but counts their shared relevant characters once in C", () => {
    // two chunks both holding the whole quote a[50, 80): U = 100 + 100, C = 30
    const result = metrics([chunk("a", 0, 100), chunk("a", 40, 140)], [quote("a", 50, 80)], 2_000);
    expect(result).toEqual(expected(30, 30, 200));
    // the same chunk twice
    expect(metrics([chunk("a", 0, 100), chunk("a", 0, 100)], [quote("a", 0, 100)], 2_000)).toEqual(
      expected(100, 100, 200),
    );
  });

  it("unites overlapping relevant labels (L counts each character once) across several documents", () => {
    const labels = [quote("a", 0, 50), quote("a", 25, 75), quote("b", 100, 200), quote("c", 0, 10)];
    // L = 75 (a) + 100 (b) + 10 (c) = 185; the context hits a[0,75) fully and b[150,200)
    const ranking = [chunk("a", 0, 80), chunk("b", 150, 250), chunk("a", 900, 1_000)];
    expect(metrics(ranking, labels, 2_000)).toEqual(expected(75 + 50, 185, 80 + 100 + 100));
  });

  it("does not credit the same span of another document", () => {
    expect(metrics([chunk("b", 0, 100)], [quote("a", 0, 100)], 2_000)).toEqual(expected(0, 100, 100));
  });

  it("scores 0 on all three when a query with relevant labels returned nothing", () => {
    expect(metrics([], [quote("a", 0, 100)], 2_000)).toEqual({ recall: 0, precision: 0, iou: 0 });
  });

  it("lets a relevant document-level label cover its document's whole text", () => {
    // L = 300 (all of c); a chunk of c and one of a within the budget of 250
    const result = metrics([chunk("c", 100, 300), chunk("a", 0, 100)], [wholeDocument("c")], 250);
    expect(result).toEqual(expected(200, 300, 250));
    // a document-level label and a quote inside the same document count its text once
    expect(metrics([chunk("c", 0, 300)], [wholeDocument("c"), quote("c", 10, 20)], 2_000)).toEqual(
      expected(300, 300, 300),
    );
  });

  it("ignores labels graded below the threshold", () => {
    const labels = [quote("a", 0, 100, 1), quote("a", 500, 600, 3)];
    // with threshold 2 only a[500, 600) is relevant
    expect(metrics([chunk("a", 0, 100)], labels, 2_000, 2)).toEqual(expected(0, 100, 100));
    expect(metrics([chunk("a", 0, 100)], labels, 2_000, 1)).toEqual(expected(100, 200, 100));
  });

  it("returns null when no label is relevant (the query is excluded, as from every mean)", () => {
    expect(metrics([chunk("a", 0, 100)], [quote("a", 0, 100, 0)], 2_000)).toBeNull();
    expect(metrics([chunk("a", 0, 100)], [], 2_000)).toBeNull();
    expect(metrics([chunk("a", 0, 100)], [quote("a", 0, 100, 1)], 2_000, 2)).toBeNull();
  });

  it("refuses a budget that is not a whole number of characters ≥ 1", () => {
    for (const budgetChars of [0, -5, 1.5, Number.NaN])
      expect(() => metrics([], [quote("a", 0, 10)], budgetChars)).toThrow(/whole number/);
  });
});

/** The three measures by brute force: each character of each document as a set member. */
function bruteForce(ranking: RankedChunk[], labels: EvalLabel[], budgetChars: number, threshold: number) {
  const relevant = new Set<string>();
  for (const label of labels) {
    if (label.grade < threshold) continue;
    const { start, end } = label.span ?? { start: 0, end: documentLength(label.documentId) };
    for (let at = start; at < end; at++) relevant.add(`${label.documentId}:${at}`);
  }
  if (relevant.size === 0) return null;
  const context = new Set<string>();
  let used = 0;
  for (const { documentId, start, end } of ranking) {
    for (let at = start; at < end && used < budgetChars; at++, used++) context.add(`${documentId}:${at}`);
    if (used >= budgetChars) break;
  }
  const covered = [...context].filter((character) => relevant.has(character)).length;
  return expected(covered, relevant.size, used);
}

function randomCase(random: () => number) {
  const documents = ["a", "b", "c"];
  const span = (documentId: string) => {
    const start = randomIndex(random, documentLength(documentId));
    return { start, end: start + 1 + randomIndex(random, Math.min(200, documentLength(documentId) - start)) };
  };
  const ranking = Array.from({ length: randomIndex(random, 12) }, () => {
    const documentId = documents[randomIndex(random, 3)] ?? "a";
    return { documentId, ...span(documentId) };
  });
  const labels = Array.from({ length: randomIndex(random, 5) }, (_, index): EvalLabel => {
    const documentId = documents[randomIndex(random, 3)] ?? "a";
    const whole = random() < 0.1;
    return {
      id: `L${index}`,
      documentId,
      grade: randomIndex(random, 4),
      span: whole ? null : span(documentId),
    };
  });
  return { ranking, labels, threshold: 1 + randomIndex(random, 2) };
}

describe("contextBudgetMetrics on seeded random runs and labels", () => {
  const cases = 3_000;

  it("agrees with counting characters one by one", () => {
    const random = createSeededRandom(20);
    for (let index = 0; index < cases; index++) {
      const { ranking, labels, threshold } = randomCase(random);
      const budget = 1 + randomIndex(random, 1_500);
      const actual = metrics(ranking, labels, budget, threshold);
      const reference = bruteForce(ranking, labels, budget, threshold);
      if (reference === null) expect(actual).toBeNull();
      else {
        expect(actual?.recall).toBeCloseTo(reference.recall, 12);
        expect(actual?.precision).toBeCloseTo(reference.precision, 12);
        expect(actual?.iou).toBeCloseTo(reference.iou, 12);
      }
    }
  });

  it("keeps 0 ≤ IoU ≤ min(recall, precision) ≤ 1", () => {
    const random = createSeededRandom(21);
    let checked = 0;
    for (let index = 0; index < cases; index++) {
      const { ranking, labels, threshold } = randomCase(random);
      const result = metrics(ranking, labels, 1 + randomIndex(random, 1_500), threshold);
      if (!result) continue;
      checked++;
      expect(result.iou).toBeGreaterThanOrEqual(0);
      expect(result.iou).toBeLessThanOrEqual(Math.min(result.recall, result.precision) + 1e-12);
      expect(Math.max(result.recall, result.precision)).toBeLessThanOrEqual(1);
    }
    expect(checked).toBeGreaterThan(cases / 2);
  });

  it("never lowers context recall when the budget grows", () => {
    const random = createSeededRandom(22);
    for (let index = 0; index < cases; index++) {
      const { ranking, labels, threshold } = randomCase(random);
      const smaller = 1 + randomIndex(random, 1_000);
      const larger = smaller + randomIndex(random, 1_000);
      const before = metrics(ranking, labels, smaller, threshold);
      const after = metrics(ranking, labels, larger, threshold);
      expect(after === null).toBe(before === null);
      if (before && after) expect(after.recall).toBeGreaterThanOrEqual(before.recall);
    }
  });
});
