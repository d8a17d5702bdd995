import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import {
  computeJudgeReport,
  decideVerdict,
  type JudgeReportPair,
  KAPPA_MARGIN,
  MINIMUM_ITEMS,
} from "@/lib/judging/judge-report";

const grades = [0, 1, 2, 3];

/** `count` pairs a person graded `person` and the judge `model`, supported unless told. */
function pairs(
  count: number,
  person: number | null,
  model: number | null,
  supported = true,
): JudgeReportPair[] {
  return Array.from({ length: count }, () => ({
    personGrade: person,
    model: model === null ? null : { grade: model, supported },
  }));
}

/**
 * 13 items on the 0–3 scale, threshold 2 (person × judge):
 *   (0,0)×3 (1,0)×1 (1,1)×2 (2,3)×1 (2,2)×2 (3,3)×2 (0,2)×1 (3,1)×1
 * Binarized: both relevant 5, both not 6, person only 1 (3,1), judge only 1 (0,2); each rater 6
 * relevant of 13. p_o = 11/13, p_e = (6·6 + 7·7)/13² = 85/169, κ = (143 − 85)/(169 − 85) = 29/42.
 * Alpha: 26 values, n_g = 8, 6, 6, 6 for grades 0–3; 4 disagreeing units, 8 ordered pairs.
 *   nominal: 1 − 25 · 8 / (26² − (64 + 36 + 36 + 36)) = 1 − 200/504 = 38/63.
 *   ordinal: δ² (0,1) 7² = 49, (0,2) 13² = 169, (0,3) 19² = 361, (1,2) 6² = 36, (1,3) 12² = 144,
 *   (2,3) 6² = 36. Observed 2·(49 + 36 + 169 + 144) = 796; expected
 *   2·(48·(49 + 169 + 361) + 36·(36 + 144 + 36)) = 71,136; α = 1 − 25 · 796 / 71,136 = 51,236/71,136.
 */
const handWorked: JudgeReportPair[] = [
  ...pairs(3, 0, 0),
  ...pairs(1, 1, 0),
  ...pairs(2, 1, 1),
  ...pairs(1, 2, 3),
  ...pairs(2, 2, 2),
  ...pairs(2, 3, 3),
  ...pairs(1, 0, 2),
  ...pairs(1, 3, 1),
];

function report(reportPairs: readonly JudgeReportPair[], peopleKappa: number | null = 0.7) {
  return computeJudgeReport({ pairs: reportPairs, grades, relevantThreshold: 2, peopleKappa, runs: [] });
}

describe("computeJudgeReport", () => {
  it("computes kappa, alpha and the confusion matrix of a hand-worked table", () => {
    const result = report(handWorked);
    expect(result.agreement.items).toBe(13);
    expect(result.agreement.kappa).toBeCloseTo(29 / 42, 14);
    expect(result.agreement.alpha.nominal).toBeCloseTo(38 / 63, 14);
    expect(result.agreement.alpha.ordinal).toBeCloseTo(51_236 / 71_136, 14);
    expect(result.confusion).toEqual({
      grades: [0, 1, 2, 3],
      counts: [
        [3, 0, 1, 0],
        [1, 2, 0, 0],
        [0, 0, 2, 1],
        [0, 1, 0, 2],
      ],
    });
    expect(result).toMatchObject({ modelJudgments: 13, unsupported: 0, unsupportedRate: 0 });
  });

  it("leaves unsupported judgments and one-sided pairs out of agreement, but counts them in the rate", () => {
    // 2 unsupported that would agree with the person, 2 judge-only pairs, 3 person-only pairs.
    const extra = [...pairs(2, 3, 3, false), ...pairs(2, null, 2), ...pairs(3, 1, null)];
    const result = report([...extra.slice(0, 3), ...handWorked, ...extra.slice(3)]);
    const alone = report(handWorked);
    expect(result.agreement).toEqual(alone.agreement);
    expect(result.confusion).toEqual(alone.confusion);
    expect(result).toMatchObject({ modelJudgments: 17, unsupported: 2 });
    expect(result.unsupportedRate).toBeCloseTo(2 / 17, 15);
  });

  it("gives a seeded 95% interval around kappa that narrows with more pairs", () => {
    const small = report(handWorked).agreement.kappaInterval;
    const again = report(handWorked).agreement.kappaInterval;
    const large = report(Array.from({ length: 10 }, () => handWorked).flat()).agreement;
    expect(small).toEqual(again);
    expect(small).not.toBeNull();
    expect(small!.confidence).toBe(0.95);
    expect(small!.lower).toBeLessThan(29 / 42);
    expect(small!.upper).toBeGreaterThan(29 / 42);
    expect(small!.lower).toBeGreaterThanOrEqual(-1);
    expect(small!.upper).toBeLessThanOrEqual(1);
    // Same table ten times over: same kappa, interval roughly √10 times narrower.
    expect(large.kappa).toBeCloseTo(29 / 42, 14);
    const width = (interval: { lower: number; upper: number }) => interval.upper - interval.lower;
    expect(width(large.kappaInterval!)).toBeLessThan(width(small!) / 2);
    const otherSeed = computeJudgeReport({
      pairs: handWorked,
      grades,
      relevantThreshold: 2,
      peopleKappa: null,
      runs: [],
      seed: 7,
    });
    expect(otherSeed.agreement.kappaInterval).not.toEqual(small);
  });

  it("puts a perfect judge's interval at exactly 1", () => {
    const result = report([...pairs(20, 0, 0), ...pairs(20, 3, 3), ...pairs(5, 1, 1), ...pairs(5, 2, 2)]);
    expect(result.agreement.kappa).toBe(1);
    expect(result.agreement.kappaInterval).toMatchObject({ lower: 1, upper: 1 });
    expect(result.agreement.alpha).toEqual({ nominal: 1, ordinal: 1 });
  });

  it("reports nothing to measure for no pairs", () => {
    const result = report([]);
    expect(result.agreement).toEqual({
      items: 0,
      kappa: null,
      kappaInterval: null,
      alpha: { nominal: null, ordinal: null },
    });
    expect(result).toMatchObject({ modelJudgments: 0, unsupported: 0, unsupportedRate: null });
    expect(result.tau).toEqual({ measure: "ndcg_cut_10", value: null, runs: 0 });
    expect(result.verdict.outcome).toBe("too_few_pairs");
    expect(result.verdict.text).toContain("both judged 0 pairs");
  });

  it("calls agreement undefined when everyone gave one grade", () => {
    const result = report(pairs(40, 0, 0));
    expect(result.agreement).toMatchObject({ items: 40, kappa: null, kappaInterval: null });
    expect(result.agreement.alpha).toEqual({ nominal: null, ordinal: null });
    expect(result.confusion.counts[0]).toEqual([40, 0, 0, 0]);
    expect(result.verdict.outcome).toBe("undefined");
  });

  it("ranks runs by nDCG@10 under both qrels with Kendall's tau-b", () => {
    // Ties under people (runs b, c) and under the judge (a, b): τ_b = 4 / √(5 · 5) = 0.8.
    const result = computeJudgeReport({
      pairs: handWorked,
      grades,
      relevantThreshold: 2,
      peopleKappa: 0.7,
      runs: [
        { runId: "a", human: 0.5, model: 0.6 },
        { runId: "b", human: 0.4, model: 0.6 },
        { runId: "c", human: 0.4, model: 0.5 },
        { runId: "d", human: 0.3, model: 0.2 },
      ],
    });
    expect(result.tau.runs).toBe(4);
    expect(result.tau.value).toBeCloseTo(0.8, 15);
  });

  it("refuses a grade off the set's scale", () => {
    expect(() => report(pairs(1, 0, 4))).toThrow(AppError);
    expect(() => report(pairs(1, 5, 0))).toThrow(/off the set's scale/);
    // An unsupported judgment is not counted, so its grade is not checked against the scale here.
    expect(() => report(pairs(1, 0, 7, false))).not.toThrow();
  });
});

describe("decideVerdict", () => {
  const enough = MINIMUM_ITEMS;

  it("says when there are too few pairs, with a correct plural", () => {
    expect(decideVerdict({ items: enough - 1, kappa: 0.9, peopleKappa: 0.7 }).outcome).toBe("too_few_pairs");
    expect(decideVerdict({ items: 1, kappa: null, peopleKappa: 0.7 }).text).toContain("both judged 1 pair;");
  });

  it("compares the judge's kappa with the people's within the margin", () => {
    expect(KAPPA_MARGIN).toBe(0.1);
    const atMargin = decideVerdict({ items: enough, kappa: 0.5, peopleKappa: 0.6 });
    expect(atMargin.outcome).toBe("agrees");
    expect(atMargin.text).toBe(
      `The judge agrees with people about as well as people agree with each other: kappa 0.50 (moderate) against 0.60 (moderate) between people, on ${enough} pairs.`,
    );
    expect(decideVerdict({ items: enough, kappa: 0.9, peopleKappa: 0.6 }).outcome).toBe("agrees");
    const below = decideVerdict({ items: 1_200, kappa: 0.49, peopleKappa: 0.6 });
    expect(below.outcome).toBe("agrees_less");
    expect(below.text).toContain("less than people agree with each other");
    expect(below.text).toContain("on 1,200 pairs");
  });

  it("says when there is no people-vs-people figure", () => {
    const verdict = decideVerdict({ items: enough, kappa: 0.72, peopleKappa: null });
    expect(verdict.outcome).toBe("no_people_figure");
    expect(verdict.text).toContain("kappa 0.72 (substantial)");
    expect(verdict.text).toContain("no two people judged the same pairs");
  });
});
