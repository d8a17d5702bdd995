import type { Metadata } from "next";
import { JobProgress } from "@/components/jobs/job-progress";
import { ConfigDiff } from "@/components/runs/config-diff";
import { PerQueryTable } from "@/components/runs/per-query-table";
import { RecallChart } from "@/components/runs/recall-chart";
import { ResolutionReport } from "@/components/runs/resolution-report";
import { RunMetricStats } from "@/components/runs/run-metric-stats";
import { UnresolvedLabelsTable } from "@/components/runs/unresolved-labels-table";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { StatusBadge } from "@/components/ui/status-badge";
import { requirePageUser } from "@/lib/auth/session";
import { describeConfig, REPORTED_KS, retrievalConfigSchema } from "@/lib/configs/config-schema";
import { diffConfigs } from "@/lib/configs/diff-configs";
import { db } from "@/lib/db/client";
import { getPreviousRun, getRun } from "@/lib/db/runs";
import { describeDroppedHits, describeRunReport } from "@/lib/eval/describe-run-report";
import {
  noiseWarning,
  parseRunMetrics,
  parseRunResolution,
  scoringModeSchema,
} from "@/lib/eval/run-report-schema";
import { orNotFound } from "../../page-helpers";

export const metadata: Metadata = { title: "Run" };

export default async function RunPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePageUser();
  const { id } = await params;
  const run = await orNotFound(getRun(db(), id));
  const previous = await getPreviousRun(db(), run);
  const config = retrievalConfigSchema.parse(run.config.params);
  const metrics = parseRunMetrics(run.metrics);
  const resolution = parseRunResolution(run.resolution);
  const changes = previous
    ? diffConfigs({ before: retrievalConfigSchema.parse(previous.config.params), after: config })
    : null;
  const warning = metrics ? noiseWarning(metrics.evaluated) : undefined;
  const dropped = metrics ? describeDroppedHits(metrics) : null;
  const active = run.status === "queued" || run.status === "running";

  return (
    <div className="space-y-4">
      <PageHeader
        title={`${run.config.name} v${run.config.version}`}
        description={describeRunReport({
          configSummary: describeConfig(config),
          mode: scoringModeSchema.catch("label").parse(run.mode),
          coverage: run.coverage,
          setVersion: run.goldenSetVersion.number,
        })}
        breadcrumbs={[
          { href: "/runs", label: "Runs" },
          { href: `/sets/${run.goldenSet.id}/runs`, label: run.goldenSet.name },
        ]}
        actions={<StatusBadge status={run.status} data-testid="run-status" />}
      />
      {run.job && active ? (
        <Card>
          <CardBody>
            <JobProgress jobId={run.job.id} />
          </CardBody>
        </Card>
      ) : null}
      {run.status === "failed" ? (
        <Alert tone="error" title="The run failed" data-testid="run-error">
          {run.error}
        </Alert>
      ) : null}
      {previous && changes ? (
        <Card>
          <CardBody>
            <ConfigDiff
              changes={changes}
              against={{
                href: `/runs/${previous.id}`,
                name: `${previous.config.name} v${previous.config.version}`,
              }}
            />
          </CardBody>
        </Card>
      ) : null}
      {metrics ? (
        <>
          {warning ? <Alert tone="warning">{warning}</Alert> : null}
          {dropped ? (
            <Alert tone="warning" data-testid="run-dropped-hits">
              {dropped}
            </Alert>
          ) : null}
          <RunMetricStats metrics={metrics} />
          <div className="grid items-start gap-4 lg:grid-cols-2">
            <Card>
              <CardHeader title="Recall@k" />
              <CardBody>
                <RecallChart
                  runs={[{ id: run.id, name: run.config.name, recall: metrics.recall }]}
                  ks={[...REPORTED_KS]}
                />
              </CardBody>
            </Card>
            <ResolutionReport resolution={resolution} />
          </div>
          {resolution && resolution.labels.length > 0 ? (
            <UnresolvedLabelsTable labels={resolution.labels} />
          ) : null}
          <PerQueryTable setId={run.goldenSet.id} rows={run.queryMetrics} />
        </>
      ) : null}
    </div>
  );
}
