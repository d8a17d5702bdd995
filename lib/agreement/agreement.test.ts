import { describe, expect, it } from "vitest";
import { buildGoldenSetFixture } from "@/lib/exchange/testing/build-golden-set-fixture";
import { cohensKappa } from "./cohens-kappa";
import { type AnnotatorJudgment, collectAgreementItems } from "./collect-agreement-items";
import { computeAgreement } from "./compute-agreement";
import { describeAgreement } from "./describe-agreement";
import { findDisagreements } from "./find-disagreements";
import { goldenSetJudgments } from "./golden-set-judgments";
import { krippendorffAlpha } from "./krippendorff-alpha";

const repeat = <T>(count: number, value: T): T[] => Array.from({ length: count }, () => value);

describe("cohensKappa", () => {
  it("matches the worked example: 50 items, 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no → 0.4", () => {
    // p_o = 35/50 = 0.7; p_e = 0.5·0.6 + 0.5·0.4 = 0.5; κ = (0.7 − 0.5) / (1 − 0.5) = 0.4
    const ratings = [
      ...repeat(20, [true, true] as const),
      ...repeat(5, [true, false] as const),
      ...repeat(10, [false, true] as const),
      ...repeat(15, [false, false] as const),
    ];
    expect(cohensKappa({ ratings })).toBe(0.4);
  });

  it("is 1 for perfect agreement, 0 at chance, negative below it", () => {
    expect(
      cohensKappa({
        ratings: [
          [1, 1],
          [0, 0],
          [1, 1],
        ],
      }),
    ).toBe(1);
    // p_o = 0.5, p_e = 0.5 → 0
    expect(
      cohensKappa({
        ratings: [
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      }),
    ).toBe(0);
    // always disagreeing on a balanced split: p_o = 0, p_e = 0.5 → −1
    expect(
      cohensKappa({
        ratings: [
          [1, 0],
          [0, 1],
        ],
      }),
    ).toBe(-1);
    // one item, one rater says yes and the other no: p_o = 0, p_e = 0 → 0
    expect(cohensKappa({ ratings: [[true, false]] })).toBe(0);
  });

  it("is null where it is undefined (sklearn's NaN): no items, or both raters always gave the same rating", () => {
    expect(cohensKappa({ ratings: [] })).toBeNull();
    expect(cohensKappa({ ratings: repeat(4, [true, true] as const) })).toBeNull();
  });
});

describe("krippendorffAlpha", () => {
  // Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 observers,
  // 12 units, missing values (null). Published: nominal .743, ordinal .815, interval .849.
  const N = null;
  const observers = [
    [1, 2, 3, 3, 2, 1, 4, 1, 2, N, N, N],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, N, 3],
    [N, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, N],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, N],
  ];
  const units = observers[0]!.map((_, unit) =>
    observers
      .map((row) => row[unit])
      .filter((value): value is number => value !== null && value !== undefined),
  );

  it("reproduces Krippendorff's published example", () => {
    expect(krippendorffAlpha({ units, metric: "nominal" })).toBeCloseTo(0.743, 3);
    expect(krippendorffAlpha({ units, metric: "ordinal" })).toBeCloseTo(0.815, 3);
    expect(krippendorffAlpha({ units, metric: "interval" })).toBeCloseTo(0.849, 3);
    // the exact nominal value by hand: n = 40 pairable values (n_1..n_5 = 9, 13, 10, 5, 3), the
    // disagreeing coincidences Σ_{c≠k} o_ck = 8, Σ_{c≠k} n_c n_k = 40² − (81 + 169 + 100 + 25 + 9)
    // = 1216 → α = 1 − 39 · 8 / 1216 = 113/152
    expect(krippendorffAlpha({ units, metric: "nominal" })).toBeCloseTo(113 / 152, 12);
  });

  it("matches a hand-computed example, equal for every metric with two values", () => {
    // units (1,1), (1,2), (2,2): o_12 = o_21 = 1, n_1 = n_2 = 3, n = 6 → α = 1 − 5 · 2 / 18 = 4/9
    const small = [
      [1, 1],
      [1, 2],
      [2, 2],
    ];
    for (const metric of ["nominal", "ordinal", "interval"] as const)
      expect(krippendorffAlpha({ units: small, metric })).toBeCloseTo(4 / 9, 12);
  });

  it("ranks ordinal values by frequency, not by their distance", () => {
    // Spreading the values apart changes interval alpha but not ordinal alpha.
    const close = [
      [1, 2],
      [2, 3],
      [3, 3],
      [1, 1],
    ];
    const spread = close.map((unit) => unit.map((value) => value ** 3));
    expect(krippendorffAlpha({ units: spread, metric: "ordinal" })).toBeCloseTo(
      krippendorffAlpha({ units: close, metric: "ordinal" })!,
      12,
    );
    expect(krippendorffAlpha({ units: spread, metric: "interval" })).not.toBeCloseTo(
      krippendorffAlpha({ units: close, metric: "interval" })!,
      3,
    );
  });

  it("is null without pairable units or without variation", () => {
    expect(krippendorffAlpha({ units: [], metric: "nominal" })).toBeNull();
    expect(krippendorffAlpha({ units: [[1], [2]], metric: "nominal" })).toBeNull();
    expect(
      krippendorffAlpha({
        units: [
          [2, 2],
          [2, 2, 2],
        ],
        metric: "ordinal",
      }),
    ).toBeNull();
  });
});

const judgment = (query: string, document: string, annotator: string, grade: number): AnnotatorJudgment => ({
  query,
  document,
  annotator,
  grade,
});

describe("collectAgreementItems", () => {
  it("keeps pairs judged by two or more annotators, each with their highest grade", () => {
    const items = collectAgreementItems([
      judgment("q1", "d1", "bo", 1),
      judgment("q1", "d1", "ana", 0),
      judgment("q1", "d1", "ana", 3),
      judgment("q1", "d2", "ana", 2),
      judgment("q2", "d1", "bo", 0),
      judgment("q2", "d1", "ana", 0),
    ]);
    expect(items).toEqual([
      {
        query: "q1",
        document: "d1",
        values: [
          { annotator: "ana", value: 3 },
          { annotator: "bo", value: 1 },
        ],
      },
      {
        query: "q2",
        document: "d1",
        values: [
          { annotator: "ana", value: 0 },
          { annotator: "bo", value: 0 },
        ],
      },
    ]);
  });
});

describe("computeAgreement", () => {
  it("gives kappa per pair on binarized values, alpha over everyone on grades", () => {
    const items = collectAgreementItems([
      // ana and bo: 4 items; relevance (≥ 2) agrees on 3 of them
      judgment("q1", "d1", "ana", 3),
      judgment("q1", "d1", "bo", 2),
      judgment("q1", "d2", "ana", 0),
      judgment("q1", "d2", "bo", 1),
      judgment("q2", "d1", "ana", 2),
      judgment("q2", "d1", "bo", 0),
      judgment("q2", "d2", "ana", 0),
      judgment("q2", "d2", "bo", 0),
      // cy judged only with ana, and agreed
      judgment("q3", "d1", "ana", 3),
      judgment("q3", "d1", "cy", 3),
    ]);
    const report = computeAgreement({ items, relevantThreshold: 2 });
    expect(report.items).toBe(5);
    expect(report.annotators).toEqual(["ana", "bo", "cy"]);
    // ana vs bo: (T,T) (F,F) (T,F) (F,F): p_o = 3/4, ana yes 2/4, bo yes 1/4,
    // p_e = 0.5·0.25 + 0.5·0.75 = 0.5 → κ = 0.5; ana vs cy: one item, both yes → undefined
    expect(report.pairs).toEqual([
      { a: "ana", b: "bo", items: 4, kappa: 0.5, observed: 0.75 },
      { a: "ana", b: "cy", items: 1, kappa: null, observed: 1 },
    ]);
    const units = items.map((item) => item.values.map((value) => value.value));
    expect(report.alpha).toEqual({
      nominal: krippendorffAlpha({ units, metric: "nominal" }),
      ordinal: krippendorffAlpha({ units, metric: "ordinal" }),
    });
    expect(report.alpha.nominal).not.toBeNull();
  });

  it("reports nothing to agree on without items", () => {
    expect(computeAgreement({ items: [], relevantThreshold: 1 })).toEqual({
      items: 0,
      annotators: [],
      pairs: [],
      alpha: { nominal: null, ordinal: null },
    });
  });
});

describe("findDisagreements", () => {
  it("lists items whose values differ, relevance splits first", () => {
    const items = collectAgreementItems([
      judgment("q1", "d1", "ana", 3),
      judgment("q1", "d1", "bo", 2),
      judgment("q1", "d2", "ana", 1),
      judgment("q1", "d2", "bo", 1),
      judgment("q2", "d1", "ana", 3),
      judgment("q2", "d1", "bo", 0),
    ]);
    const found = findDisagreements({ items, relevantThreshold: 2 });
    expect(found.map((item) => [item.query, item.document, item.kind])).toEqual([
      ["q2", "d1", "relevance"],
      ["q1", "d1", "grade"],
    ]);
  });
});

describe("goldenSetJudgments", () => {
  it("takes every label with an annotator except adjudicated ones and an LLM judge's", () => {
    const file = buildGoldenSetFixture();
    const first = file.queries[0]!;
    first.labels.push(
      { ...first.labels[1]!, annotator: "bo@example.com", grade: 0 },
      { ...first.labels[1]!, annotator: "eli@example.com", grade: 2, adjudicated: true },
      { ...first.labels[1]!, annotator: "model:umbrela", grade: 3 },
    );
    expect(goldenSetJudgments(file).filter((judgment) => judgment.query === "q1")).toEqual([
      { query: "q1", document: "kb-1", annotator: "ana@example.com", grade: 3 },
      { query: "q1", document: "kb-2", annotator: "bo@example.com", grade: 0 },
    ]);
  });
});

describe("describeAgreement", () => {
  it("uses Landis & Koch's bands", () => {
    expect([-0.1, 0, 0.2, 0.21, 0.4, 0.6, 0.8, 0.81, 1, null].map(describeAgreement)).toEqual([
      "poor",
      "slight",
      "slight",
      "fair",
      "fair",
      "moderate",
      "substantial",
      "almost perfect",
      "almost perfect",
      "undefined",
    ]);
  });
});
