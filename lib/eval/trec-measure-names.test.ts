import { describe, expect, it } from "vitest";
import { parseMeasureRequest, toTrecMeasureName } from "@/lib/eval/trec-measure-names";

describe("toTrecMeasureName", () => {
  it("spells app measures as trec_eval prints them", () => {
    expect(toTrecMeasureName("ndcg@10")).toBe("ndcg_cut_10");
    expect(toTrecMeasureName("recall@20")).toBe("recall_20");
    expect(toTrecMeasureName("precision@5")).toBe("P_5");
    expect(toTrecMeasureName("hit@1")).toBe("success_1");
    expect(toTrecMeasureName("mrr")).toBe("recip_rank");
    expect(toTrecMeasureName("map")).toBe("map");
    expect(toTrecMeasureName("judged@10")).toBe("judged_10");
  });
});

describe("parseMeasureRequest", () => {
  it("takes trec_eval's -m spelling, its output spelling and the app's", () => {
    for (const request of ["ndcg_cut.10", "ndcg_cut_10", "ndcg@10"])
      expect(parseMeasureRequest(request)).toBe("ndcg@10");
    expect(parseMeasureRequest("P.5")).toBe("precision@5");
    expect(parseMeasureRequest("recip_rank")).toBe("mrr");
    expect(parseMeasureRequest("mrr")).toBe("mrr");
    expect(parseMeasureRequest("success_1")).toBe("hit@1");
  });

  it("round-trips with toTrecMeasureName", () => {
    for (const name of ["recall@3", "ndcg@20", "precision@1", "hit@5", "judged@10", "mrr", "map"])
      expect(parseMeasureRequest(toTrecMeasureName(name))).toBe(name);
  });

  it("names the bad request and where it was", () => {
    expect(() => parseMeasureRequest("bpref", ["measures", 1])).toThrow(/Unknown measure "bpref"/);
    expect(() => parseMeasureRequest("ndcg_cut.0")).toThrow(/Unknown measure/);
    expect(() => parseMeasureRequest("P", ["measures", 0])).toThrow(
      expect.objectContaining({ location: { path: ["measures", 0] } }),
    );
  });
});
