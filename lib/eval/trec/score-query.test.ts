import { describe, expect, it } from "vitest";
import { JUDGED_NEGATIVE, NOT_JUDGED, scoreQuery } from "@/lib/eval/trec/score-query";
import { listMeasureNames, selectMeasures } from "@/lib/eval/trec/select-measures";

const selection = selectMeasures([
  "num_q",
  "num_ret",
  "num_rel",
  "num_rel_ret",
  "map",
  "Rprec",
  "recip_rank",
  "P.1,2,5,10",
  "recall.1,4,5,10",
  "ndcg_cut.2,5,10",
  "success.1,2,5",
]);
const names = listMeasureNames(selection);

function score(relevance: number[], judgedGrades: number[], relevanceLevel = 1): Record<string, number> {
  const values = scoreQuery({ relevance, numRet: relevance.length, judgedGrades, relevanceLevel, selection });
  return Object.fromEntries(names.map((name, j) => [name, values[j]!]));
}

// Ranks 1–5 retrieve: a judged non-relevant doc, grade 2, an unjudged doc, grade 1, grade 3.
// The qrels also judge one more grade-1 doc that was not retrieved and one more grade-0 doc.
const ranking = [0, 2, NOT_JUDGED, 1, 3];
const grades = [0, 2, 1, 3, 1, 0];

describe("scoreQuery (hand-worked, relevance level 1)", () => {
  const values = score(ranking, grades);

  it("counts retrieved, relevant (grade ≥ 1 in the qrels) and relevant retrieved", () => {
    expect(values).toMatchObject({ num_q: 1, num_ret: 5, num_rel: 4, num_rel_ret: 3 });
  });

  it("map averages precision at each relevant rank over all relevant docs", () => {
    expect(values.map).toBe((1 / 2 + 2 / 4 + 3 / 5) / 4);
  });

  it("Rprec is precision after R = num_rel docs", () => {
    expect(values.Rprec).toBe(2 / 4);
  });

  it("recip_rank is 1 / the first relevant rank", () => {
    expect(values.recip_rank).toBe(1 / 2);
  });

  it("P_k divides by k, also past the end of the ranking", () => {
    expect([values.P_1, values.P_2, values.P_5, values.P_10]).toEqual([0, 1 / 2, 3 / 5, 3 / 10]);
  });

  it("recall_k divides by num_rel", () => {
    expect([values.recall_1, values.recall_4, values.recall_5, values.recall_10]).toEqual([
      0,
      2 / 4,
      3 / 4,
      3 / 4,
    ]);
  });

  it("success_k is 1 when a relevant doc is in the top k", () => {
    expect([values.success_1, values.success_2, values.success_5]).toEqual([0, 1, 1]);
  });

  it("ndcg_cut_k: linear gains, 1/log2(rank + 1), ideal from every grade > 0", () => {
    const dcg2 = 2 / Math.log2(3);
    const dcg5 = dcg2 + 1 / Math.log2(5) + 3 / Math.log2(6);
    const ideal = [3, 2, 1, 1].map((gain, i) => gain / Math.log2(i + 2));
    const idealWithin = (k: number) => ideal.slice(0, k).reduce((sum, gain) => sum + gain, 0);
    expect(values.ndcg_cut_2).toBeCloseTo(dcg2 / idealWithin(2), 15);
    expect(values.ndcg_cut_5).toBeCloseTo(dcg5 / idealWithin(5), 15);
    expect(values.ndcg_cut_10).toBeCloseTo(dcg5 / idealWithin(4), 15);
  });
});

describe("scoreQuery with other relevance levels", () => {
  it("-l 2: grades below 2 stop counting as relevant, ndcg_cut does not change", () => {
    const atOne = score(ranking, grades);
    const atTwo = score(ranking, grades, 2);
    expect(atTwo).toMatchObject({
      num_rel: 2,
      num_rel_ret: 2,
      recip_rank: 1 / 2,
      P_5: 2 / 5,
      recall_4: 1 / 2,
    });
    expect(atTwo.map).toBe((1 / 2 + 2 / 5) / 2);
    expect(atTwo.Rprec).toBe(1 / 2);
    expect([atTwo.ndcg_cut_2, atTwo.ndcg_cut_5]).toEqual([atOne.ndcg_cut_2, atOne.ndcg_cut_5]);
  });

  it("-l 0: judged non-relevant docs count as relevant, unjudged ones do not", () => {
    const values = score(ranking, grades, 0);
    expect(values).toMatchObject({ num_rel: 6, num_rel_ret: 4, recip_rank: 1, P_5: 4 / 5 });
  });
});

describe("scoreQuery edge cases", () => {
  it("a query whose judgments are all non-relevant scores 0 on every ratio", () => {
    const values = score([0, NOT_JUDGED, 0], [0, 0]);
    expect(values).toMatchObject({ num_ret: 3, num_rel: 0, num_rel_ret: 0, map: 0, Rprec: 0, recip_rank: 0 });
    expect([values.recall_5, values.ndcg_cut_5, values.success_5, values.P_5]).toEqual([0, 0, 0, 0]);
  });

  it("a negative grade is judged but never relevant nor counted in num_rel", () => {
    const values = score([JUDGED_NEGATIVE, 1], [-1, 1]);
    expect(values).toMatchObject({
      num_rel: 1,
      num_rel_ret: 1,
      recip_rank: 1 / 2,
      ndcg_cut_2: 1 / Math.log2(3),
    });
  });

  it("an empty ranking scores 0", () => {
    const values = score([], [1]);
    expect(values).toMatchObject({ num_ret: 0, num_rel: 1, map: 0, Rprec: 0, P_1: 0, ndcg_cut_2: 0 });
  });
});
