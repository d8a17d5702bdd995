import { describe, expect, it } from "vitest";
import type { JudgmentPolicy } from "@/lib/exchange/golden-set-schema";
import { countedGrades, type PolicyLabel } from "./count-judgments";

const label = (
  document: string,
  annotator: string | null,
  grade: number,
  adjudicated = false,
): PolicyLabel => ({
  document,
  annotator,
  grade,
  ...(adjudicated ? { adjudicated } : {}),
});

const counted = (labels: PolicyLabel[], policy: JudgmentPolicy, relevantThreshold = 2) =>
  countedGrades({ labels, policy, relevantThreshold });

const policies: JudgmentPolicy[] = ["any", "majority", "mean"];

describe("countedGrades", () => {
  it("leaves a single annotator's labels as they are under every policy", () => {
    const labels = [
      label("d1", "ana", 3),
      label("d1", "ana", 1),
      label("d1", "ana", 0),
      label("d2", "ana", 1),
      label("d3", "ana", 0),
      label("d4", null, 2),
    ];
    for (const policy of policies) {
      for (const threshold of [0, 1, 2, 3])
        expect(counted(labels, policy, threshold)).toEqual([3, 1, 0, 1, 0, 2]);
    }
  });

  it("any: every label counts with its grade", () => {
    expect(counted([label("d1", "ana", 3), label("d1", "bo", 0), label("d1", "cy", 1)], "any")).toEqual([
      3, 0, 1,
    ]);
  });

  it("majority: a pair is relevant only when more than half of its annotators say so", () => {
    // 2 of 3 relevant: a majority, grades as they are
    expect(counted([label("d1", "ana", 3), label("d1", "bo", 2), label("d1", "cy", 0)], "majority")).toEqual([
      3, 2, 0,
    ]);
    // 1 of 2 is not more than half: positive grades capped below the threshold (2 → 1); still judged
    expect(counted([label("d1", "ana", 3), label("d1", "bo", 0)], "majority")).toEqual([1, 0]);
    expect(counted([label("d1", "ana", 3), label("d1", "bo", 0)], "majority", 1)).toEqual([0, 0]);
    // an annotator's value is their highest grade: ana's two quotes are one vote
    expect(
      counted(
        [label("d1", "ana", 3), label("d1", "ana", 2), label("d1", "bo", 1), label("d1", "cy", 1)],
        "majority",
      ),
    ).toEqual([1, 1, 1, 1]);
    // pairs are decided one by one
    expect(
      counted(
        [label("d1", "ana", 3), label("d1", "bo", 3), label("d2", "ana", 3), label("d2", "bo", 0)],
        "majority",
      ),
    ).toEqual([3, 3, 1, 0]);
    // with threshold 0 every judgment is relevant
    expect(counted([label("d1", "ana", 3), label("d1", "bo", 0)], "majority", 0)).toEqual([3, 0]);
  });

  it("mean: grades are capped at the annotators' mean value, rounded half up", () => {
    // (3 + 0) / 2 = 1.5 → 2
    expect(counted([label("d1", "ana", 3), label("d1", "bo", 0)], "mean")).toEqual([2, 0]);
    // (3 + 0 + 0) / 3 = 1 → not relevant at threshold 2
    expect(counted([label("d1", "ana", 3), label("d1", "bo", 0), label("d1", "cy", 0)], "mean")).toEqual([
      1, 0, 0,
    ]);
    // (3 + 2) / 2 = 2.5 → 3: nothing capped; lower grades are never raised
    expect(counted([label("d1", "ana", 3), label("d1", "ana", 1), label("d1", "bo", 2)], "mean")).toEqual([
      3, 1, 2,
    ]);
    // (1 + 1 + 2) / 3 = 1.33 → 1
    expect(counted([label("d1", "ana", 1), label("d1", "bo", 1), label("d1", "cy", 2)], "mean")).toEqual([
      1, 1, 1,
    ]);
  });

  it("counts labels without an annotator as one annotator", () => {
    expect(counted([label("d1", null, 3), label("d1", null, 0), label("d1", "bo", 0)], "majority")).toEqual([
      1, 0, 0,
    ]);
  });

  it("counts only the adjudicated labels of an adjudicated pair, whatever the policy", () => {
    const labels = [
      label("d1", "ana", 3),
      label("d1", "bo", 0),
      label("d1", "eli", 1, true),
      label("d2", "ana", 3),
      label("d2", "bo", 0),
    ];
    expect(counted(labels, "any")).toEqual([null, null, 1, 3, 0]);
    expect(counted(labels, "majority")).toEqual([null, null, 1, 1, 0]);
    expect(counted(labels, "mean")).toEqual([null, null, 1, 2, 0]);
    // two adjudicated labels (a quote and the document) both count
    expect(
      counted([label("d1", "ana", 3), label("d1", "eli", 3, true), label("d1", "ada", 0, true)], "majority"),
    ).toEqual([null, 3, 0]);
  });
});

describe("countedGrades with model judgments", () => {
  const quote = (
    document: string,
    annotator: string | null,
    grade: number,
    start: number,
    end: number,
  ): PolicyLabel => ({ document, annotator, grade, span: { start, end } });
  const withModel = (
    labels: PolicyLabel[],
    modelJudgments: "ignore" | "fill_holes" | "model_only",
    policy: JudgmentPolicy = "any",
  ) => countedGrades({ labels, policy, relevantThreshold: 2, modelJudgments });

  const labels = [
    quote("d1", "ana", 1, 0, 10), // a person's passage
    quote("d1", "model:j", 3, 5, 15), // overlaps ana's: hidden under fill_holes
    quote("d1", "model:j", 2, 20, 30), // no person judged it: fills a hole
    label("d2", "model:j", 3), // a document the people never judged
    label("d3", "bo", 0), // a person's document-level label
    quote("d3", "model:j", 3, 40, 50), // covered by bo's document label
    quote("d4", "bo", 2, 0, 5),
    label("d4", "model:j", 1), // a model document label: hidden by any person's label there
  ];

  it("ignore (the default) counts people's labels only", () => {
    const expected = [1, null, null, null, 0, null, 2, null];
    expect(withModel(labels, "ignore")).toEqual(expected);
    expect(countedGrades({ labels, policy: "any", relevantThreshold: 2 })).toEqual(expected);
  });

  it("model_only counts the judges' labels only", () => {
    expect(withModel(labels, "model_only")).toEqual([null, 3, 2, 3, null, 3, null, 1]);
  });

  it("fill_holes counts a model label only where no person's label overlaps it", () => {
    expect(withModel(labels, "fill_holes")).toEqual([1, null, 2, 3, 0, null, 2, null]);
  });

  it("touching passages do not overlap", () => {
    const touching = [quote("d1", "ana", 1, 0, 10), quote("d1", "model:j", 3, 10, 20)];
    expect(withModel(touching, "fill_holes")).toEqual([1, 3]);
  });

  it("decides the policy's cap for people and judges apart", () => {
    // ana alone says 3; the judge's 0 elsewhere in d1 must not make it a 1 of 2 minority
    const pair = [quote("d1", "ana", 3, 0, 10), quote("d1", "model:j", 0, 20, 30)];
    expect(withModel(pair, "fill_holes", "majority")).toEqual([3, 0]);
    expect(withModel(pair, "fill_holes", "mean")).toEqual([3, 0]);
    // two judges are two annotators among themselves
    const judges = [label("d1", "model:a", 3), label("d1", "model:b", 0)];
    expect(withModel(judges, "model_only", "majority")).toEqual([1, 0]);
  });

  it("an adjudicated pair counts only its adjudicated labels, model labels left out", () => {
    const adjudicated = [
      { ...quote("d1", "eli", 2, 0, 10), adjudicated: true },
      quote("d1", "model:j", 3, 20, 30),
    ];
    expect(withModel(adjudicated, "fill_holes")).toEqual([2, null]);
    // model_only: people's labels (adjudicated ones too) do not take part
    expect(withModel(adjudicated, "model_only")).toEqual([null, 3]);
  });
});
