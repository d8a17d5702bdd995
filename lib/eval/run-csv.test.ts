import { describe, expect, it } from "vitest";
import { readCsv } from "@/lib/exchange/testing/read-csv";
import { perQueryCsv, recallChartCsv, runMetricsCsv, runsCsv } from "./run-csv";

describe("a run's tables and charts as CSV", () => {
  it("writes every per-k measure the run stored at every k, then MRR and MAP", () => {
    const rows = readCsv(
      runMetricsCsv({
        metrics: {
          recall: { "5": 0.5, "10": 0.75 },
          precision: { "5": 0.2, "10": 0.15 },
          ndcg: { "5": 0.4, "10": 0.45 },
          hit: { "5": 0.6, "10": 0.8 },
          mrr: 0.41,
          map: 0.33,
          evaluated: 20,
          excluded: 1,
        },
        ks: [5, 10],
      }),
    );
    expect(rows).toEqual([
      ["measure", "k=5", "k=10"],
      ["recall", "0.5", "0.75"],
      ["ndcg", "0.4", "0.45"],
      ["precision", "0.2", "0.15"],
      ["hit", "0.6", "0.8"],
      ["mrr", "0.41"],
      ["map", "0.33"],
    ]);
  });

  it("writes one row per query in set order, excluded queries without values", () => {
    const rows = readCsv(
      perQueryCsv({
        rows: [
          {
            excluded: true,
            metrics: { recall: { "5": 0 } },
            query: { key: "q-2", text: "=cmd", position: 2 },
          },
          {
            excluded: false,
            metrics: { recall: { "5": 1 }, reciprocalRank: 0.5, ndcg: { "10": 0.63 }, judged: { "10": 0.9 } },
            query: { key: "q-1", text: "reset, router", position: 1 },
          },
        ],
        ks: [5],
      }),
    );
    expect(rows).toEqual([
      ["query id", "query", "excluded", "recall@5", "rr", "ndcg@10", "judged@10"],
      ["q-1", "reset, router", "false", "1", "0.5", "0.63", "0.9"],
      ["q-2", "'=cmd", "true", "", "", "", ""],
    ]);
  });

  it("writes a recall chart as one row per k and a column per run", () => {
    expect(
      readCsv(
        recallChartCsv({
          runs: [
            { name: "BM25 v1", recall: { "1": 0.2, "5": 0.5 } },
            { name: "Hybrid v1", recall: { "1": 0.3 } },
          ],
          ks: [1, 5],
        }),
      ),
    ).toEqual([
      ["k", "BM25 v1", "Hybrid v1"],
      ["1", "0.2", "0.3"],
      ["5", "0.5", ""],
    ]);
  });
});

describe("the runs list as CSV", () => {
  it("writes a row per run, naming a sweep's points' sweep, with empty metrics for unfinished runs", () => {
    const rows = readCsv(
      runsCsv({
        runs: [
          {
            name: "BM25 v1",
            sweep: null,
            setVersion: 2,
            retrieverKind: "bm25",
            status: "succeeded",
            tags: ["baseline", "prod"],
            archived: false,
            metrics: { recall: { "5": 0.5 }, mrr: 0.4, ndcg: { "10": 0.45 }, evaluated: 30, excluded: 0 },
            createdAt: "2026-12-01T10:00:00.000Z",
          },
          {
            name: "size=200",
            sweep: "chunk sizes",
            setVersion: 2,
            retrieverKind: "bm25",
            status: "running",
            tags: [],
            archived: true,
            metrics: null,
            createdAt: "2026-12-01T11:00:00.000Z",
          },
        ],
        ks: [5],
      }),
    );
    expect(rows.slice(1)).toEqual([
      [
        "BM25 v1",
        "",
        "2",
        "bm25",
        "succeeded",
        "baseline prod",
        "false",
        "0.5",
        "0.4",
        "0.45",
        "",
        "30",
        "2026-12-01T10:00:00.000Z",
      ],
      [
        "size=200",
        "chunk sizes",
        "2",
        "bm25",
        "running",
        "",
        "true",
        "",
        "",
        "",
        "",
        "",
        "2026-12-01T11:00:00.000Z",
      ],
    ]);
  });
});
