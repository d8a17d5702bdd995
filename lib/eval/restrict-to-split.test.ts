import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { restrictToSplit } from "./restrict-to-split";

const splits = new Map<string, string | null>([
  ["q1", "dev"],
  ["q2", "holdout"],
  ["q3", "dev"],
  ["q4", null],
]);
const run = (ids: string[]) => new Map(ids.map((id) => [id, { mrr: 1 }]));

describe("restrictToSplit", () => {
  it("keeps each run's queries on the asked side only", () => {
    const [baseline, candidate] = restrictToSplit({
      runs: [run(["q1", "q2", "q3", "q4"]), run(["q1", "q2", "q4"])],
      splitOf: (id) => splits.get(id),
      split: "dev",
    });
    expect([...(baseline?.keys() ?? [])]).toEqual(["q1", "q3"]);
    expect([...(candidate?.keys() ?? [])]).toEqual(["q1"]);
  });

  it("changes nothing without a split", () => {
    const runs = [run(["q1", "q4"])];
    expect(restrictToSplit({ runs, splitOf: (id) => splits.get(id), split: undefined })).toBe(runs);
  });

  it("says the set is not split, or that no evaluated query is on that side", () => {
    const call = (split: "dev" | "holdout", ids: string[], lookup: Map<string, string | null>) => {
      try {
        restrictToSplit({ runs: [run(ids)], splitOf: (id) => lookup.get(id), split, path: ["--split"] });
      } catch (error) {
        return error;
      }
      return null;
    };
    const unsplit = call("dev", ["q1"], new Map([["q1", null]]));
    expect(unsplit).toBeInstanceOf(AppError);
    expect((unsplit as AppError).message).toMatch(/not split/);
    expect((unsplit as AppError).location).toEqual({ path: ["--split"] });
    const empty = call("holdout", ["q1", "q3"], splits);
    expect((empty as AppError).message).toMatch(/No evaluated query is on the holdout side/);
  });
});
