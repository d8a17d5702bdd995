import { parseStoredQueryMetrics } from "@/lib/eval/query-measure-values";
import type { RunMetrics } from "@/lib/eval/run-report-schema";
import { type CsvCell, toCsv } from "@/lib/exchange/to-csv";

// The run page's and the runs page's charts and tables as CSV, with the numbers they show.

/** Measures stored per k, in the order the run page's table lists them. */
const PER_K_MEASURES = ["recall", "ndcg", "precision", "hit", "judged"] as const;

/** Every per-k measure at every k (one row per measure), then MRR and MAP in the first k's column. */
export function runMetricsCsv(options: { metrics: RunMetrics; ks: readonly number[] }): string {
  const { metrics, ks } = options;
  const rows: CsvCell[][] = [["measure", ...ks.map((k) => `k=${k}`)]];
  for (const measure of PER_K_MEASURES) {
    const byK = metrics[measure];
    if (byK) rows.push([measure, ...ks.map((k) => byK[String(k)])]);
  }
  rows.push(["mrr", metrics.mrr]);
  if (metrics.map !== undefined) rows.push(["map", metrics.map]);
  return toCsv(rows);
}

/** One row per query in set order: recall at each k, reciprocal rank, nDCG@10, judged@10; excluded queries flagged, values empty. */
export function perQueryCsv(options: {
  rows: readonly {
    excluded: boolean;
    metrics: unknown;
    query: { key: string; text: string; position: number };
  }[];
  ks: readonly number[];
}): string {
  const ordered = [...options.rows].sort((left, right) => left.query.position - right.query.position);
  return toCsv([
    ["query id", "query", "excluded", ...options.ks.map((k) => `recall@${k}`), "rr", "ndcg@10", "judged@10"],
    ...ordered.map((row) => {
      const values = parseStoredQueryMetrics(row.metrics);
      const value = (number: number | undefined) => (row.excluded ? undefined : number);
      return [
        row.query.key,
        row.query.text,
        row.excluded,
        ...options.ks.map((k) => value(values.recall?.[k])),
        value(values.reciprocalRank),
        value(values.ndcg?.[10]),
        value(values.judged?.[10]),
      ];
    }),
  ]);
}

/** A recall@k chart's numbers: one row per k, one column per run (named as in the legend). */
export function recallChartCsv(options: {
  runs: readonly { name: string; recall: Readonly<Record<string, number>> }[];
  ks: readonly number[];
}): string {
  return toCsv([
    ["k", ...options.runs.map((run) => run.name)],
    ...options.ks.map((k) => [k, ...options.runs.map((run) => run.recall[String(k)])]),
  ]);
}

/** A run as the runs list shows it, for its CSV. */
export type RunCsvRow = {
  name: string;
  /** The sweep it is a point of, if any. */
  sweep: string | null;
  setVersion: number;
  retrieverKind: string;
  status: string;
  tags: readonly string[];
  archived: boolean;
  metrics: RunMetrics | null;
  /** ISO 8601. */
  createdAt: string;
};

/** The runs list: one row per run (a sweep's points each on their own row, naming the sweep). */
export function runsCsv(options: { runs: readonly RunCsvRow[]; ks: readonly number[] }): string {
  return toCsv([
    [
      "run",
      "sweep",
      "set version",
      "retriever",
      "status",
      "tags",
      "archived",
      ...options.ks.map((k) => `recall@${k}`),
      "mrr",
      "ndcg@10",
      "judged@10",
      "queries",
      "created",
    ],
    ...options.runs.map((run) => [
      run.name,
      run.sweep ?? undefined,
      run.setVersion,
      run.retrieverKind,
      run.status,
      run.tags.join(" "),
      run.archived,
      ...options.ks.map((k) => run.metrics?.recall[String(k)]),
      run.metrics?.mrr,
      run.metrics?.ndcg?.["10"],
      run.metrics?.judged?.["10"],
      run.metrics?.evaluated,
      run.createdAt,
    ]),
  ]);
}
