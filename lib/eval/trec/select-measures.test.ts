import { describe, expect, it } from "vitest";
import { DEFAULT_MEASURES, listMeasureNames, selectMeasures } from "@/lib/eval/trec/select-measures";

const namesOf = (requests: string[]) => listMeasureNames(selectMeasures(requests));
const trecCutoffs = [5, 10, 15, 20, 30, 100, 200, 500, 1000];

describe("selectMeasures", () => {
  it("selects trec_eval's official measures (those implemented) when nothing is asked", () => {
    expect(namesOf([])).toEqual([
      "num_q",
      "num_ret",
      "num_rel",
      "num_rel_ret",
      "map",
      "Rprec",
      "recip_rank",
      ...trecCutoffs.map((k) => `P_${k}`),
    ]);
  });

  it("expands all_trec in trec_eval's print order with its default cutoffs", () => {
    expect(namesOf(["all_trec"])).toEqual([
      "num_q",
      "num_ret",
      "num_rel",
      "num_rel_ret",
      "map",
      "Rprec",
      "recip_rank",
      ...trecCutoffs.map((k) => `P_${k}`),
      ...trecCutoffs.map((k) => `recall_${k}`),
      ...trecCutoffs.map((k) => `ndcg_cut_${k}`),
      "success_1",
      "success_5",
      "success_10",
    ]);
  });

  it("prints in table order whatever the request order, cutoffs ascending", () => {
    expect(namesOf(["ndcg_cut.10,5", "map", "num_q"])).toEqual(["num_q", "map", "ndcg_cut_5", "ndcg_cut_10"]);
  });

  it("keeps the first parameter list of a measure, as trec_eval does, and adds name_k forms", () => {
    expect(namesOf(["P.5,10", "P.20", "P_7"])).toEqual(["P_5", "P_7", "P_10"]);
    expect(namesOf(["P", "P.3"])).toEqual(["P_3"]);
    expect(namesOf(["recall_1000", "success_1"])).toEqual(["recall_1000", "success_1"]);
  });

  it("defaults to the issue's list for the in-memory API", () => {
    expect(namesOf([...DEFAULT_MEASURES])).toEqual([
      "num_q",
      "num_ret",
      "num_rel",
      "num_rel_ret",
      "map",
      "Rprec",
      "recip_rank",
      "P_5",
      "P_10",
      "P_20",
      "P_100",
      "recall_5",
      "recall_10",
      "recall_20",
      "recall_100",
      "recall_1000",
      "ndcg_cut_5",
      "ndcg_cut_10",
      "ndcg_cut_20",
      "ndcg_cut_100",
      "success_1",
      "success_5",
      "success_10",
    ]);
  });

  it("rejects what trec_eval rejects, and the measures not implemented here", () => {
    expect(() => selectMeasures(["P.5,5"])).toThrow(/duplicate cutoff 5/);
    expect(() => selectMeasures(["P.0"])).toThrow(/positive integers/);
    expect(() => selectMeasures(["P.x"])).toThrow(/positive integers/);
    expect(() => selectMeasures(["P_0"])).toThrow(/positive integers/);
    expect(() => selectMeasures(["bpref"])).toThrow(/unsupported measure "bpref"/);
    expect(() => selectMeasures(["map.5"])).toThrow(/unsupported measure "map.5"/);
  });
});
