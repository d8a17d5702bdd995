import { describe, expect, it } from "vitest";
import { readCsv } from "@/lib/exchange/testing/read-csv";
import {
  breakdownCsv,
  configDiffCsv,
  meanBarsCsv,
  measureTableCsv,
  perQueryCsv,
  recallCurvesCsv,
  summaryCsv,
} from "./comparison-csv";
import { comparisonFixture } from "./testing/comparison-fixture";

describe("the comparison's tables as CSV", () => {
  const comparison = comparisonFixture();

  it("writes a measure's table: the baseline row, then each run's numbers", () => {
    const rows = readCsv(measureTableCsv(comparison, "mrr"));
    expect(rows[0]).toEqual([
      "run",
      "role",
      "queries",
      "baseline MRR",
      "MRR",
      "delta",
      "ci95 low",
      "ci95 high",
      "p (raw)",
      "p (Holm)",
      "wins",
      "losses",
      "ties",
      "significant",
    ]);
    expect(rows[1]?.slice(0, 3)).toEqual(["BM25 baseline v1", "baseline", "39"]);
    const entry = comparison.results[0]?.measures.mrr;
    expect(rows[2]).toEqual([
      "Hybrid RRF v1",
      "run",
      "39",
      String(Number(entry?.baseline.toFixed(6))),
      String(Number(entry?.mean.toFixed(6))),
      String(Number(entry?.delta.toFixed(6))),
      String(Number(entry?.ci95?.[0].toFixed(6))),
      String(Number(entry?.ci95?.[1].toFixed(6))),
      String(Number(entry?.p?.toFixed(6))),
      String(Number(entry?.pAdjusted?.toFixed(6))),
      String(entry?.wins),
      String(entry?.losses),
      String(entry?.ties),
      "true",
    ]);
    expect(rows).toHaveLength(4);
  });

  it("writes the summary, the configuration diff with warnings, the curves, the bars and the breakdown", () => {
    expect(readCsv(summaryCsv(comparison))[1]?.slice(0, 2)).toEqual([
      "Hybrid RRF v1",
      "better on MRR and nDCG@10",
    ]);
    const config = readCsv(configDiffCsv(comparison));
    expect(config).toContainEqual([
      "Hybrid RRF v1",
      "retriever",
      "BM25 k1=0.9 b=0.4",
      "BM25 + LSA 128d · RRF k=60",
    ]);
    expect(config.find((row) => row[1] === "warning: several-changes")?.[0]).toBe("BM25 small chunks | v1");
    const curves = readCsv(recallCurvesCsv(comparison));
    expect(curves[0]).toEqual(["k", "BM25 baseline v1", "Hybrid RRF v1", "BM25 small chunks | v1"]);
    expect(curves).toHaveLength(21);
    expect(readCsv(meanBarsCsv(comparison))[1]?.slice(0, 2)).toEqual(["BM25 baseline v1", "MRR"]);
    const breakdown = readCsv(breakdownCsv(comparison, ["recall@5", "mrr"]));
    expect(breakdown[0]?.slice(0, 5)).toEqual([
      "group",
      "name",
      "queries",
      "BM25 baseline v1 Recall@5",
      "BM25 baseline v1 MRR",
    ]);
    expect(breakdown[1]?.slice(0, 3)).toEqual(["class", "error-code", "20"]);
  });

  it("writes every query with each run's value of every measure, texts intact", () => {
    const rows = readCsv(perQueryCsv(comparison));
    expect(rows[0]).toHaveLength(4 + 3 * 4);
    expect(rows).toHaveLength(40);
    expect(rows.find((row) => row[0] === "q-0008")?.[1]).toBe(`'=cmd|"calc", said the log`);
  });
});
