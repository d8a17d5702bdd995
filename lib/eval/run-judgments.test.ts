import { describe, expect, it } from "vitest";
import { buildGoldenSetFixture } from "@/lib/exchange/testing/build-golden-set-fixture";
import { describeRunJudgments, summarizeRunJudgments } from "./run-judgments";

describe("summarizeRunJudgments", () => {
  it("counts the scored labels by a judge, with the set's settings", () => {
    const file = buildGoldenSetFixture();
    const query = file.queries[0]!;
    query.labels.push({ ...structuredClone(query.labels[0]!), annotator: "model:umbrela" });
    file.set.modelJudgments = "fill_holes";
    const modelIndex = query.labels.length - 1;
    const label = (index: number) => ({ id: `${query.id}#${index}`, documentId: "x", grade: 2, span: null });
    const summary = summarizeRunJudgments({
      file,
      labelsByQuery: new Map([[query.id, [label(0), label(modelIndex)]]]),
    });
    expect(summary).toEqual({ policy: "any", modelJudgments: "fill_holes", modelLabels: 1 });
    // a model label the run did not score (hidden by a person's, orphaned) is not counted
    expect(
      summarizeRunJudgments({ file, labelsByQuery: new Map([[query.id, [label(0)]]]) }).modelLabels,
    ).toBe(0);
  });
});

describe("describeRunJudgments", () => {
  it("says which setting produced the numbers and how many judgments came from a model", () => {
    expect(describeRunJudgments(null)).toBe("people only");
    expect(describeRunJudgments({ policy: "any", modelJudgments: "ignore", modelLabels: 0 })).toBe(
      "people only",
    );
    expect(describeRunJudgments({ policy: "any", modelJudgments: "fill_holes", modelLabels: 1312 })).toBe(
      "people, model fills holes (1,312 model judgments)",
    );
    expect(describeRunJudgments({ policy: "mean", modelJudgments: "model_only", modelLabels: 1 })).toBe(
      "model only (1 model judgment)",
    );
  });
});
