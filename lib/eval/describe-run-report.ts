import type { RunMetrics, ScoringMode } from "@/lib/eval/run-report-schema";

/** A score in [0, 1] with three decimals, or an em dash when the report has none. */
export function formatScore(value: number | null | undefined): string {
  return value === null || value === undefined ? "—" : value.toFixed(3);
}

/**
 * The line under a run's title: what was evaluated, how it was scored and on which frozen set
 * version — "BM25 k1=0.9 b=0.4 · … · label-based, coverage θ 1 · set version 3" — and, once
 * scored, whose judgments produced the numbers ("· judgments: people only", describeRunJudgments).
 * `configSummary` is the configuration already described (lib/configs describeConfig).
 */
export function describeRunReport(options: {
  configSummary: string;
  mode: ScoringMode;
  coverage: number;
  setVersion: number;
  judgments?: string | null | undefined;
}): string {
  const scoring =
    options.mode === "document" ? "document-level scoring" : `label-based, coverage θ ${options.coverage}`;
  const judgments = options.judgments ? ` · judgments: ${options.judgments}` : "";
  return `${options.configSummary} · ${scoring} · set version ${options.setVersion}${judgments}`;
}

/** "95% CI 0.412–0.655" for a bootstrap interval, or undefined when the run has none. */
export function describeInterval(ci: { lower: number; upper: number } | undefined): string | undefined {
  return ci ? `95% CI ${ci.lower.toFixed(3)}–${ci.upper.toFixed(3)}` : undefined;
}

/**
 * What the run could not use from an external system or a run file (dropped results, queries
 * without results), or null when everything was used.
 */
export function describeDroppedHits(metrics: RunMetrics): string | null {
  const count = (value: number, singular: string, plural: string) =>
    `${value} ${value === 1 ? singular : plural}`;
  const parts = [
    metrics.unknownDocuments
      ? `${count(metrics.unknownDocuments, "result names a document", "results name documents")} this corpus does not have`
      : "",
    metrics.unlocated
      ? `${count(metrics.unlocated, "result's text", "results' text")} could not be found in ${metrics.unlocated === 1 ? "its" : "their"} document`
      : "",
    metrics.queriesWithoutResults
      ? `${count(metrics.queriesWithoutResults, "query of the set has", "queries of the set have")} no results in the file (scored as ${metrics.queriesWithoutResults === 1 ? "a miss" : "misses"})`
      : "",
  ].filter(Boolean);
  return parts.length ? `${parts.join("; ")}.` : null;
}

/** The hint under the chunk count: where the passages came from and how many came back per query. */
export function describeChunks(metrics: Pick<RunMetrics, "chunks" | "meanReturned">): string {
  return [
    metrics.chunks === null ? "passages from the system" : "in the index",
    metrics.meanReturned === undefined ? "" : `${metrics.meanReturned.toFixed(1)} returned per query`,
  ]
    .filter(Boolean)
    .join(" · ");
}
