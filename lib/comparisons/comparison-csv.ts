import { type CsvCell, toCsv } from "@/lib/exchange/to-csv";
import type { Comparison } from "./build-comparison";
import { measureLabel } from "./compared-measures";
import { describeVerdict } from "./run-verdict";

/** One measure's table: the baseline's row, then each run's value, delta, interval, p, Holm p and W/L/T. */
export function measureTableCsv(comparison: Comparison, measure: string): string {
  const names = new Map(comparison.runs.map((run) => [run.id, run.name]));
  const baseline = comparison.runs[0];
  const header = [
    "run",
    "role",
    "queries",
    `baseline ${measureLabel(measure)}`,
    measureLabel(measure),
    "delta",
    "ci95 low",
    "ci95 high",
    "p (raw)",
    "p (Holm)",
    "wins",
    "losses",
    "ties",
    "significant",
  ];
  const rows: CsvCell[][] = comparison.results.map((result) => {
    const entry = result.measures[measure];
    return [
      names.get(result.runId),
      "run",
      result.queries,
      entry?.baseline,
      entry?.mean,
      entry?.delta,
      entry?.ci95?.[0],
      entry?.ci95?.[1],
      entry?.p,
      entry?.pAdjusted,
      entry?.wins,
      entry?.losses,
      entry?.ties,
      entry?.significant,
    ];
  });
  return toCsv([header, [baseline?.name, "baseline", baseline?.evaluated], ...rows]);
}

/** The summary: each run's verdict, judged@10 and, per measure, delta and Holm-adjusted p. */
export function summaryCsv(comparison: Comparison): string {
  const runs = new Map(comparison.runs.map((run) => [run.id, run]));
  const header = [
    "run",
    "verdict",
    "judged@10",
    ...comparison.measures.flatMap((measure) => [
      `${measureLabel(measure)} delta`,
      `${measureLabel(measure)} p (Holm)`,
    ]),
  ];
  return toCsv([
    header,
    ...comparison.results.map((result) => [
      runs.get(result.runId)?.name,
      describeVerdict(result.verdict),
      runs.get(result.runId)?.judgedAt10 ?? undefined,
      ...comparison.measures.flatMap((measure) => [
        result.measures[measure]?.delta,
        result.measures[measure]?.pAdjusted,
      ]),
    ]),
  ]);
}

/** The configuration diff: one row per changed setting of each run, and its warnings. */
export function configDiffCsv(comparison: Comparison): string {
  const names = new Map(comparison.runs.map((run) => [run.id, run.name]));
  return toCsv([
    ["run", "setting", "baseline", "run value"],
    ...comparison.configs.flatMap((config) => [
      ...config.changes.map((change) => [names.get(config.runId), change.path, change.before, change.after]),
      ...config.warnings.map((warning) => [
        names.get(config.runId),
        `warning: ${warning.kind}`,
        "",
        warning.message,
      ]),
    ]),
  ]);
}

/** The class and tag breakdown: one row per group, each run's means side by side. */
export function breakdownCsv(comparison: Comparison, measures: readonly string[]): string {
  return toCsv([
    [
      "group",
      "name",
      "queries",
      ...comparison.runs.flatMap((run) => measures.map((measure) => `${run.name} ${measureLabel(measure)}`)),
    ],
    ...comparison.breakdown.map((group) => [
      group.kind,
      group.name,
      group.queries,
      ...comparison.runs.flatMap((run) => measures.map((measure) => group.means[run.id]?.[measure])),
    ]),
  ]);
}

/** Every query with each run's value of every measure (empty where a run did not evaluate it). */
export function perQueryCsv(comparison: Comparison): string {
  return toCsv([
    [
      "key",
      "query",
      "classes",
      "tags",
      ...comparison.runs.flatMap((run) =>
        comparison.measures.map((measure) => `${run.name} ${measureLabel(measure)}`),
      ),
    ],
    ...comparison.queryRows.map((row) => [
      row.key,
      row.text,
      row.classes.join(" "),
      row.tags.join(" "),
      ...comparison.runs.flatMap((run) =>
        comparison.measures.map((measure) => row.values[run.id]?.[measure]),
      ),
    ]),
  ]);
}

/** The recall curves: one row per k, one column per run. */
export function recallCurvesCsv(comparison: Comparison): string {
  return toCsv([
    ["k", ...comparison.runs.map((run) => run.name)],
    ...comparison.curves.ks.map((k) => [
      k,
      ...comparison.runs.map((run) => comparison.curves.recall[run.id]?.[String(k)]),
    ]),
  ]);
}

/** The bars: each run's mean with its 95% interval, per measure. */
export function meanBarsCsv(comparison: Comparison): string {
  const measures = Object.keys(comparison.bars[comparison.runs[0]?.id ?? ""] ?? {});
  return toCsv([
    ["run", "measure", "mean", "ci95 low", "ci95 high", "queries"],
    ...comparison.runs.flatMap((run) =>
      measures.map((measure) => {
        const bar = comparison.bars[run.id]?.[measure];
        return [run.name, measureLabel(measure), bar?.mean, bar?.lower, bar?.upper, bar?.queries];
      }),
    ),
  ]);
}
