import type { ReactNode } from "react";
import { cx } from "@/components/ui/cx";
import { formatCountOf } from "@/components/ui/format-number";
import { Stat } from "@/components/ui/stat";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { StoredRunComparison } from "@/lib/eval/compare-stored-runs";
import { describeChunks, describeInterval, formatScore } from "@/lib/eval/describe-run-report";
import type { RunMetrics } from "@/lib/eval/run-report-schema";
import { deltaTone, describeDelta, formatDelta } from "./format-delta";

type RunMetricsProps = {
  metrics: RunMetrics;
  /** The run's coverage threshold θ in label mode; null in document mode (no θ). */
  coverage: number | null;
  ks: readonly number[];
  /** The comparison with the run compared against; null when there is none. */
  comparison: StoredRunComparison | null;
};

const toneClass = { up: "text-emerald-700", down: "text-red-700", flat: "text-zinc-400" } as const;
const arrow = { up: "▲ ", down: "▼ ", flat: "" } as const;

/** A measure's change against the compared run, coloured only when significant after Holm. */
function Delta({
  comparison,
  measure,
  prefix = "",
}: {
  comparison: StoredRunComparison | null;
  measure: string;
  /** Before the number, e.g. "Δ " where the delta stands without a column to explain it. */
  prefix?: string;
}) {
  if (!comparison) return null;
  const tested = comparison.tested[measure];
  if (tested) {
    const tone = deltaTone(tested);
    return (
      <span
        className={cx("block text-[11px] tabular-nums", toneClass[tone], tone !== "flat" && "font-medium")}
        title={describeDelta(tested, comparison.queries)}
        data-testid={`delta-${measure}`}
        data-tone={tone}
      >
        {arrow[tone]}
        {prefix}
        {formatDelta(tested.delta)}
      </span>
    );
  }
  const described = comparison.described[measure];
  if (described)
    return (
      <span
        className="block text-[11px] text-zinc-400 tabular-nums"
        title={`${formatScore(described.baseline)} there, on the ${formatCountOf(comparison.queries, "shared query", "shared queries")}`}
        data-testid={`delta-${measure}`}
      >
        {prefix}
        {formatDelta(described.delta)}
      </span>
    );
  return <span className="block text-[11px] text-zinc-300">—</span>;
}

/** One headline measure: its value, a hint (the 95% interval) and its change against the compared run. */
export function Tile(props: {
  label: string;
  value: number | undefined;
  hint?: string | undefined;
  measure: string;
  comparison: StoredRunComparison | null;
  testId: string;
}) {
  const hint: ReactNode = (
    <>
      {props.hint ?? ""}
      <Delta comparison={props.comparison} measure={props.measure} prefix="Δ " />
    </>
  );
  return <Stat label={props.label} value={formatScore(props.value)} hint={hint} data-testid={props.testId} />;
}

/** The per-k rows of the metrics table; `measure` is the stored field, `key` the compared measure's name. */
const PER_K_ROWS = [
  {
    measure: "recall",
    key: "recall",
    label: "recall",
    title: "Share of the relevant labels found in the top k",
  },
  {
    measure: "partialRecall",
    key: "partial_recall",
    label: "partial recall",
    title:
      "Coverage-weighted: each relevant label earns the largest share of it that a chunk in the top k holds, with no θ — a chunk holding 90% of a quote earns 0.9",
  },
  {
    measure: "ndcg",
    key: "ndcg",
    label: "nDCG",
    title: "Graded: gains by grade, discounted by rank (trec_eval ndcg_cut)",
  },
  {
    measure: "precision",
    key: "precision",
    label: "precision",
    title: "Share of the top k that satisfies a relevant label",
  },
  {
    measure: "hit",
    key: "hit",
    label: "hit rate",
    title: "Share of queries with a relevant passage in the top k",
  },
  {
    measure: "judged",
    key: "judged",
    label: "judged",
    title:
      "Share of the top k that any label of the query judges (grade 0 included): low means unlabeled passages",
  },
] as const;

/** Which θ a label-mode number used: "θ = 1" for the measures that threshold coverage, nothing for the others. */
function thetaNote(measure: (typeof PER_K_ROWS)[number]["measure"], coverage: number | null): string {
  if (coverage === null || measure === "partialRecall") return "";
  return ` (θ = ${coverage})`;
}

/**
 * A finished run's headline metrics as tiles, with 95% intervals and the change against the
 * compared run. Measures a run did not store (runs stored before nDCG or judged@k) show a dash.
 */
export function RunMetricTiles({ metrics, comparison }: Omit<RunMetricsProps, "ks" | "coverage">) {
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-7">
      <Tile
        label="recall@5"
        value={metrics.recall["5"]}
        hint={describeInterval(metrics.ci?.["recall@5"])}
        measure="recall@5"
        comparison={comparison}
        testId="tile-recall-5"
      />
      <Tile
        label="recall@10"
        value={metrics.recall["10"]}
        hint={describeInterval(metrics.ci?.["recall@10"])}
        measure="recall@10"
        comparison={comparison}
        testId="tile-recall-10"
      />
      <Tile
        label="MRR"
        value={metrics.mrr}
        hint={describeInterval(metrics.ci?.mrr)}
        measure="mrr"
        comparison={comparison}
        testId="run-mrr"
      />
      <Tile
        label="nDCG@10"
        value={metrics.ndcg?.["10"]}
        hint={describeInterval(metrics.ci?.["ndcg@10"])}
        measure="ndcg@10"
        comparison={comparison}
        testId="tile-ndcg-10"
      />
      <Tile
        label="MAP"
        value={metrics.map}
        hint={describeInterval(metrics.ci?.map)}
        measure="map"
        comparison={comparison}
        testId="run-map"
      />
      <Tile
        label="judged@10"
        value={metrics.judged?.["10"]}
        hint={metrics.judged ? "of the top 10 labeled" : "not computed for this run"}
        measure="judged@10"
        comparison={comparison}
        testId="tile-judged-10"
      />
      <Stat
        label="queries evaluated"
        value={<span data-testid="run-evaluated">{metrics.evaluated.toLocaleString("en-US")}</span>}
        hint={[
          "those with relevant labels when scored",
          `${formatCountOf(metrics.excluded, "query", "queries")} without left out`,
          typeof metrics.chunks === "number"
            ? `${formatCountOf(metrics.chunks, "chunk")} ${describeChunks(metrics)}`
            : metrics.chunks === null
              ? describeChunks(metrics)
              : "",
        ]
          .filter(Boolean)
          .join(" · ")}
        data-testid="run-queries"
      />
    </div>
  );
}

/**
 * Every per-k measure at every k, each with its change against the compared run. Measures a run
 * did not store show a dash, never 0.
 */
export function RunMetricsByK({ metrics, ks, comparison, coverage }: RunMetricsProps) {
  const perK = (measure: (typeof PER_K_ROWS)[number]["measure"], k: number) => metrics[measure]?.[String(k)];
  return (
    <Table data-testid="run-metrics-table">
      <THead>
        <tr>
          <Th>Measure</Th>
          {ks.map((k) => (
            <Th key={k} numeric>
              @{k}
            </Th>
          ))}
        </tr>
      </THead>
      <TBody>
        {PER_K_ROWS.map((row) => (
          <Tr key={row.measure} data-testid={`run-metric-row-${row.measure}`}>
            <Th scope="row" className="font-medium text-zinc-700" title={row.title}>
              {row.label}
              <span className="font-normal text-zinc-400">{thetaNote(row.measure, coverage)}</span>
            </Th>
            {ks.map((k) => (
              <Td key={k} numeric data-testid={`run-${row.measure}-${k}`}>
                <span className="text-zinc-900">{formatScore(perK(row.measure, k))}</span>
                {perK(row.measure, k) === undefined ? null : (
                  <Delta comparison={comparison} measure={`${row.key}@${k}`} />
                )}
              </Td>
            ))}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
