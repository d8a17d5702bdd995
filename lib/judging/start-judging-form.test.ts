import { describe, expect, it } from "vitest";
import { startJudgingFormInput, startJudgingSchema } from "./start-judging-form";

function form(fields: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

describe("startJudgingFormInput", () => {
  it("reads a pool of checked runs, the depth and the prices", () => {
    const input = startJudgingSchema.parse(
      startJudgingFormInput(
        form([
          ["judgeId", "j1"],
          ["sourceKind", "runs"],
          ["runIds", "r1"],
          ["runIds", "r2"],
          ["holesRunId", "r3"],
          ["depth", "5"],
          ["promptPrice", "0.15"],
          ["completionPrice", ""],
        ]),
      ),
    );
    expect(input).toEqual({
      judgeId: "j1",
      source: { kind: "runs", runIds: ["r1", "r2"], depth: 5 },
      prices: { promptPerMillion: 0.15, completionPerMillion: undefined },
    });
  });

  it("reads the holes of one run, the depth defaulting to 10", () => {
    const input = startJudgingSchema.parse(
      startJudgingFormInput(
        form([
          ["judgeId", "j1"],
          ["sourceKind", "holes"],
          ["holesRunId", "r3"],
          ["depth", ""],
        ]),
      ),
    );
    expect(input.source).toEqual({ kind: "holes", runId: "r3", depth: 10 });
  });

  it("puts problems beside their fields: no judge, no run, a bad depth, a negative price", () => {
    const result = startJudgingSchema.safeParse(
      startJudgingFormInput(
        form([
          ["sourceKind", "runs"],
          ["depth", "ten"],
          ["promptPrice", "-1"],
        ]),
      ),
    );
    const paths = result.error?.issues.map((issue) => issue.path.join(".")) ?? [];
    expect(paths).toEqual(
      expect.arrayContaining(["judgeId", "source.runIds", "source.depth", "prices.promptPerMillion"]),
    );
  });
});
