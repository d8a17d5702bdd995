import { Stat } from "@/components/ui/stat";
import { REPORTED_KS } from "@/lib/configs/config-schema";
import { describeChunks, describeInterval, formatScore } from "@/lib/eval/describe-run-report";
import type { RunMetrics } from "@/lib/eval/run-report-schema";

const gridClassName = "grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-7";

/**
 * A finished run's aggregate metrics as tiles: recall@k, MRR and the evaluated count; then, for
 * runs stored with graded metrics, nDCG, precision, hit rate, MAP and the chunk count.
 */
export function RunMetricStats({ metrics }: { metrics: RunMetrics }) {
  return (
    <>
      <div className={gridClassName}>
        {REPORTED_KS.map((k) => (
          <Stat
            key={k}
            label={`recall@${k}`}
            value={formatScore(metrics.recall[k])}
            hint={describeInterval(metrics.ci?.[`recall@${k}`])}
            data-testid={`run-recall-${k}`}
          />
        ))}
        <Stat
          label="MRR"
          value={formatScore(metrics.mrr)}
          hint={describeInterval(metrics.ci?.mrr)}
          data-testid="run-mrr"
        />
        <Stat
          label="queries"
          value={String(metrics.evaluated)}
          hint={`${metrics.excluded} without relevant labels excluded`}
        />
      </div>
      {metrics.ndcg ? (
        <div className={gridClassName}>
          {[5, 10].map((k) => (
            <Stat
              key={`ndcg${k}`}
              label={`nDCG@${k}`}
              value={formatScore(metrics.ndcg?.[k])}
              hint={describeInterval(metrics.ci?.[`ndcg@${k}`])}
              data-testid={`run-ndcg-${k}`}
            />
          ))}
          <Stat label="P@5" value={formatScore(metrics.precision?.[5])} />
          <Stat label="hit@1" value={formatScore(metrics.hit?.[1])} />
          <Stat label="hit@5" value={formatScore(metrics.hit?.[5])} />
          <Stat label="MAP" value={formatScore(metrics.map)} hint={describeInterval(metrics.ci?.map)} />
          <Stat label="chunks" value={String(metrics.chunks ?? "—")} hint={describeChunks(metrics)} />
        </div>
      ) : null}
    </>
  );
}
