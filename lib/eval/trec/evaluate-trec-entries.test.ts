import { describe, expect, it } from "vitest";
import { evaluateTrecEntries } from "@/lib/eval/trec/evaluate-trec-entries";
import type { QrelEntry, RunEntry } from "@/lib/eval/trec/trec-types";

const qrel = (queryId: string, docId: string, grade: number): QrelEntry => ({ queryId, docId, grade });
const ret = (queryId: string, docId: string, score: number): RunEntry => ({ queryId, docId, score });

// q1: relevant d1 (grade 2) and d3 (grade 1); q2: judged, nothing relevant; q3: qrels only;
// q9: run only.
const qrels = [
  qrel("q1", "d1", 2),
  qrel("q1", "d3", 1),
  qrel("q1", "d4", 0),
  qrel("q2", "x", 0),
  qrel("q3", "y", 1),
];
const run = [
  ret("q1", "d1", 0.5),
  ret("q1", "d2", 0.9),
  ret("q1", "d3", 0.1),
  ret("q2", "x", 1),
  ret("q9", "z", 1),
];

describe("evaluateTrecEntries", () => {
  it("evaluates the queries in both inputs; all-non-relevant ones score 0 and count", () => {
    const { perQuery, summary } = evaluateTrecEntries({
      qrels,
      run,
      measures: ["num_q", "num_ret", "map", "P_2"],
    });
    expect([...perQuery.keys()]).toEqual(["q1", "q2"]);
    expect(perQuery.get("q1")).toEqual({ num_ret: 3, map: (1 / 2 + 2 / 3) / 2, P_2: 1 / 2 });
    expect(perQuery.get("q2")).toEqual({ num_ret: 1, map: 0, P_2: 0 });
    expect(summary).toEqual({ num_q: 2, num_ret: 4, map: (1 / 2 + 2 / 3) / 4, P_2: 1 / 4 });
  });

  it("-c averages over every qrels query; num_rel counts all grades > 0, num_ret only the run", () => {
    const { perQuery, summary } = evaluateTrecEntries({
      qrels,
      run,
      averageOverAllQrels: true,
      measures: ["num_q", "num_ret", "num_rel", "num_rel_ret", "map"],
    });
    expect([...perQuery.keys()]).toEqual(["q1", "q2"]);
    expect(summary).toEqual({
      num_q: 3,
      num_ret: 4,
      num_rel: 3,
      num_rel_ret: 2,
      map: (1 / 2 + 2 / 3) / 2 / 3,
    });
  });

  it("-l raises the relevance threshold of the binary measures only", () => {
    const { perQuery } = evaluateTrecEntries({
      qrels,
      run,
      relevanceLevel: 2,
      measures: ["num_rel", "map", "ndcg_cut_3"],
    });
    const atOne = evaluateTrecEntries({ qrels, run, measures: ["ndcg_cut_3"] }).perQuery.get("q1")!;
    expect(perQuery.get("q1")).toEqual({ num_rel: 1, map: 1 / 2, ndcg_cut_3: atOne.ndcg_cut_3 });
  });

  it("computes the issue's measure list by default", () => {
    const { summary } = evaluateTrecEntries({ qrels, run });
    expect(Object.keys(summary)).toHaveLength(23);
    expect(summary.success_1).toBe(0);
    expect(summary.recip_rank).toBe(1 / 4);
  });

  it("ranks with 32-bit scores and breaks ties by UTF-8 docno bytes, descending", () => {
    const tied = [ret("q", "\uFF5E", 0.3), ret("q", "\u{1F600}", 0.30000000001), ret("q", "a", 0.3)];
    const first = (docId: string) =>
      evaluateTrecEntries({ qrels: [qrel("q", docId, 1)], run: tied, measures: ["recip_rank"] }).summary
        .recip_rank;
    expect([first("\u{1F600}"), first("\uFF5E"), first("a")]).toEqual([1, 1 / 2, 1 / 3]);
  });

  it("orders queries by UTF-8 bytes and keeps their ids", () => {
    const ids = ["b", "\u00e9", "a10", "a9"];
    const { perQuery } = evaluateTrecEntries({
      qrels: ids.map((id) => qrel(id, "d", 1)),
      run: ids.map((id) => ret(id, "d", 1)),
      measures: ["map"],
    });
    expect([...perQuery.keys()]).toEqual(["a10", "a9", "b", "\u00e9"]);
  });

  it("rejects a docno twice in one evaluated query, in the run or the qrels", () => {
    expect(() => evaluateTrecEntries({ qrels, run: [...run, ret("q1", "d2", 0)] })).toThrow(
      'run: duplicate docno "d2" for query q1',
    );
    expect(() => evaluateTrecEntries({ qrels: [...qrels, qrel("q2", "x", 1)], run })).toThrow(
      'qrels: duplicate docno "x" for query q2',
    );
    // Like trec_eval, queries that are not evaluated are not checked.
    expect(() => evaluateTrecEntries({ qrels, run: [...run, ret("q9", "z", 0)] })).not.toThrow();
  });

  it("rejects bad input", () => {
    expect(() => evaluateTrecEntries({ qrels: [qrel("q", "d", 1.5)], run })).toThrow(/not an integer/);
    expect(() => evaluateTrecEntries({ qrels, run: [ret("q1", "d", Number.NaN)] })).toThrow(/not a number/);
    expect(() => evaluateTrecEntries({ qrels, run, relevanceLevel: 0.5 })).toThrow(/integer/);
    expect(() => evaluateTrecEntries({ qrels, run: [ret("q9", "d", 1)] })).toThrow(/no query is in both/);
    expect(() => evaluateTrecEntries({ qrels, run, measures: ["bpref"] })).toThrow(/unsupported measure/);
  });
});
