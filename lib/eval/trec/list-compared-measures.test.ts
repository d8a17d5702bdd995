import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { listComparedMeasures } from "@/lib/eval/trec/list-compared-measures";

describe("listComparedMeasures", () => {
  it("defaults to nDCG@10, MRR, recall@100 and MAP, named as trec_eval prints them", () => {
    expect(listComparedMeasures([])).toEqual(["ndcg_cut_10", "recip_rank", "recall_100", "map"]);
  });

  it("keeps the order asked for, expands each request on its own and drops duplicates", () => {
    expect(listComparedMeasures(["recall.100", "map", "P.5,10", "P.20", "P_5", "ndcg_cut_10"])).toEqual([
      "recall_100",
      "map",
      "P_5",
      "P_10",
      "P_20",
      "ndcg_cut_10",
    ]);
    expect(listComparedMeasures(["success"])).toEqual(["success_1", "success_5", "success_10"]);
  });

  it("leaves counts out of nicknames and refuses a count on its own", () => {
    expect(listComparedMeasures(["official"])).toEqual([
      "map",
      "Rprec",
      "recip_rank",
      "P_5",
      "P_10",
      "P_15",
      "P_20",
      "P_30",
      "P_100",
      "P_200",
      "P_500",
      "P_1000",
    ]);
    expect(() => listComparedMeasures(["num_rel_ret"])).toThrow(/is a count, not a measure to compare/);
    expect(() => listComparedMeasures(["bpref"])).toThrowError(AppError);
    expect(() => listComparedMeasures(["ndcg_cut.0"])).toThrow(/cutoffs must be positive integers/);
  });
});
