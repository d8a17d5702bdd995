import { DownloadCsvButton } from "@/components/exports/download-csv-button";
import { exportFileName } from "@/components/exports/standalone-chart-svg";
import { RunMetricsByK } from "@/components/runs/run-metrics";
import { Card, CardHeader } from "@/components/ui/card";
import { formatCountOf } from "@/components/ui/format-number";
import type { StoredRunComparison } from "@/lib/eval/compare-stored-runs";
import { runMetricsCsv } from "@/lib/eval/run-csv";
import type { RunMetrics } from "@/lib/eval/run-report-schema";

/** Every measure at every k, with each value's change against the compared run, and its CSV. */
export function RunMetricsCard(props: {
  metrics: RunMetrics;
  /** θ in label mode, null in document mode */
  coverage: number | null;
  ks: readonly number[];
  comparison: StoredRunComparison | null;
  /** The compared run's name; null when there is none. */
  against: string | null;
  runName: string;
}) {
  const { comparison, against } = props;
  return (
    <Card>
      <CardHeader
        title="Every measure at every k"
        description={
          comparison && against
            ? `Under each value, its change from ${against} on the ${formatCountOf(comparison.queries, "query", "queries")} both evaluated. ▲ ▼ mark changes significant at 0.05 (paired randomization test, Holm over recall@k, nDCG@k, MRR, MAP and the context measures); grey changes are within noise, or untested (precision, hit rate, partial recall, judged).`
            : "Choose a run to compare with to see each value's change."
        }
        actions={
          <DownloadCsvButton
            csv={runMetricsCsv({ metrics: props.metrics, ks: props.ks })}
            fileName={exportFileName(`Metrics — ${props.runName}`, "csv")}
            testId="run-metrics-csv"
          />
        }
      />
      <RunMetricsByK
        metrics={props.metrics}
        ks={props.ks}
        comparison={comparison}
        coverage={props.coverage}
      />
    </Card>
  );
}
