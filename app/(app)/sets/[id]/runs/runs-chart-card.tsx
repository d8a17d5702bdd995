import { ChartCard } from "@/components/charts/chart-card";
import { JobProgress } from "@/components/jobs/job-progress";
import { ChartRunPicker } from "@/components/runs/chart-run-picker";
import { RecallChart } from "@/components/runs/recall-chart";
import { Card, CardBody } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { retrievalConfigSchema } from "@/lib/configs/config-schema";
import { describeConfig } from "@/lib/configs/describe-config";
import { recallChartCsv } from "@/lib/eval/run-csv";
import { noiseWarning } from "@/lib/eval/run-report-schema";
import { runListQuery } from "../../../runs/run-list-params";
import type { SetRunsPageData } from "./load-set-runs-page";

/** One progress card per queued or running run that is not a sweep's point. */
export function ActiveRunCards({ active }: { active: SetRunsPageData["active"] }) {
  return active.map((run) =>
    run.jobId ? (
      <Card key={run.id}>
        <CardBody>
          <p className="mb-2 text-xs text-zinc-500">
            {run.config.name} · {describeConfig(retrievalConfigSchema.parse(run.config.params))}
          </p>
          <JobProgress jobId={run.jobId} />
        </CardBody>
      </Card>
    ) : null,
  );
}

/** The recall@k chart of the chosen runs, with the picker to choose them. */
export function RunsChartCard({
  data,
}: {
  data: Pick<
    SetRunsPageData,
    "set" | "chartRule" | "chartRuns" | "ks" | "finishedCount" | "pickerOptions" | "listParams"
  >;
}) {
  const { set, chartRule, chartRuns, ks, finishedCount, pickerOptions, listParams } = data;
  return (
    <ChartCard
      title="Recall@k by run"
      description={`${chartRule} Each run keeps its colour on every page. Fix k and change one thing at a time.`}
      exportTitle={`Recall@k — ${set.name}`}
      legend={chartRuns.map((run) => ({ name: run.name, color: run.color, dash: run.dash }))}
      csv={recallChartCsv({ runs: chartRuns, ks })}
      testId="runs-recall-chart"
      showLegend={false}
      footer={
        finishedCount ? (
          <div className="mt-3">
            <ChartRunPicker
              options={pickerOptions}
              selected={chartRuns.map((run) => run.id)}
              query={runListQuery(listParams)}
            />
          </div>
        ) : null
      }
    >
      {chartRuns.length ? (
        <RecallChart
          runs={chartRuns}
          ks={ks}
          noiseWarning={noiseWarning(Math.min(...chartRuns.map((run) => run.evaluated)))}
        />
      ) : (
        <EmptyState
          title={finishedCount ? "No run chosen" : "No finished runs yet"}
          description={
            finishedCount
              ? "Tick runs below to chart them."
              : "Run an evaluation to see recall@k per configuration."
          }
        />
      )}
    </ChartCard>
  );
}
