import type { Metadata } from "next";
import { RefreshWhileActive } from "@/components/jobs/refresh-while-active";
import { sweepHeatmapData } from "@/components/runs/sweep-chart-data";
import { SweepChoice } from "@/components/runs/sweep-choice";
import { SweepHeatmap } from "@/components/runs/sweep-heatmap";
import { SweepLineChart } from "@/components/runs/sweep-line-chart";
import { SweepMeasureChart } from "@/components/runs/sweep-measure-chart";
import { SweepPointsTable } from "@/components/runs/sweep-points-table";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { ProgressBar } from "@/components/ui/progress-bar";
import { StatusBadge } from "@/components/ui/status-badge";
import { requirePageUser } from "@/lib/auth/session";
import { sweepTextPerResultWarning } from "@/lib/comparisons/comparison-warnings";
import { retrievalConfigSchema } from "@/lib/configs/config-schema";
import { describeConfig } from "@/lib/configs/describe-config";
import { describeSweepPoint } from "@/lib/configs/expand-sweep";
import { db } from "@/lib/db/client";
import { loadMeanResultChars } from "@/lib/db/runs";
import { getSweep } from "@/lib/db/sweeps";
import { noiseWarning } from "@/lib/eval/run-report-schema";
import { isSweepActive } from "@/lib/jobs/sweep-progress";
import { loadSweepRanking } from "@/lib/runs/load-sweep-ranking";
import { orNotFound } from "../../page-helpers";

export const metadata: Metadata = { title: "Sweep" };

export default async function SweepPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ skipped?: string; measure?: string | string[] }>;
}) {
  await requirePageUser();
  const { id } = await params;
  const { skipped, measure } = await searchParams;
  const sweep = await orNotFound(getSweep(db(), id));
  const ranking = await loadSweepRanking(db(), {
    setId: sweep.goldenSet.id,
    runIds: sweep.runs.map((run) => run.id),
    ...(typeof measure === "string" && measure !== "" ? { measure } : {}),
  });
  const ranked = new Map(ranking.points.map((point) => [point.runId, point]));
  const textWarning = await textPerResultWarningOf(sweep.runs.map((run) => run.id));
  const base = retrievalConfigSchema.safeParse(sweep.baseConfig);
  const points = sweep.runs.map((run) => ({
    ...run,
    runId: run.id,
    recallAt5: run.metrics?.recall[5] ?? null,
    mrr: run.metrics?.mrr ?? null,
  }));
  const [firstAxis, secondAxis] = sweep.axes;
  const evaluated = points.some((point) => point.recallAt5 !== null);
  const heatmap =
    firstAxis && secondAxis && sweep.axes.length === 2
      ? sweepHeatmapData([firstAxis, secondAxis], points)
      : null;
  // Every point evaluates the same set version; the smallest count speaks for the sweep.
  const evaluatedCounts = points.flatMap((point) => (point.metrics ? [point.metrics.evaluated] : []));
  const warning = evaluatedCounts.length > 0 ? noiseWarning(Math.min(...evaluatedCounts)) : undefined;
  // Each point is its own job, on whichever worker claimed it: the sweep is as far as its points.
  const { progress } = sweep;
  const active = isSweepActive(progress);
  const firstError = sweep.runs.find((run) => run.status === "failed")?.error;

  return (
    <div className="space-y-4">
      <PageHeader
        title={sweep.name}
        description={`${points.length} points over ${sweep.axes.map((axis) => axis.path).join(" × ")}${base.success ? ` · base ${describeConfig(base.data)}` : ""}`}
        breadcrumbs={[
          { href: "/runs", label: "Runs" },
          { href: `/sets/${sweep.goldenSet.id}/runs`, label: sweep.goldenSet.name },
        ]}
        actions={<StatusBadge status={progress.status} data-testid="sweep-status" />}
      />
      {warning ? (
        <Alert tone="warning" data-testid="noise-warning">
          {warning}
        </Alert>
      ) : null}
      {textWarning ? (
        <Alert tone="warning" data-testid="text-per-result-warning">
          {textWarning.message}
          {ranking.measure.startsWith("context_") ? " The choice below does." : ""}
        </Alert>
      ) : null}
      {skipped ? <Alert tone="info">{skipped} invalid points of the grid were skipped.</Alert> : null}
      {active ? (
        <Card>
          <CardBody>
            <RefreshWhileActive />
            <div data-testid="sweep-progress" data-status={progress.status}>
              <ProgressBar
                value={progress.fraction}
                tone={progress.status === "queued" ? "neutral" : "amber"}
                label={`${progress.succeeded + progress.failed} of ${progress.total} points done${progress.failed ? ` (${progress.failed} failed)` : ""}`}
              />
            </div>
          </CardBody>
        </Card>
      ) : null}
      {progress.status === "failed" ? (
        <Alert tone="error" title="The sweep failed" data-testid="sweep-error">
          {`Every point failed. ${firstError ?? ""}`}
        </Alert>
      ) : null}
      {evaluated ? (
        <SweepChoice
          sweepId={sweep.id}
          setId={sweep.goldenSet.id}
          ranking={ranking}
          pointNames={new Map(points.map((point) => [point.id, describeSweepPoint(point.values)]))}
        />
      ) : null}
      {evaluated && firstAxis ? (
        <SweepMeasureChart
          sweepName={sweep.name}
          measure={ranking.measure}
          over={ranking.split ? "the dev queries (what the choice stands on)" : "every evaluated query"}
          axes={sweep.axes}
          points={points.map((point) => ({
            runId: point.id,
            values: point.values,
            value: ranked.get(point.id)?.rankedBy ?? null,
          }))}
        />
      ) : null}
      {evaluated && firstAxis && sweep.axes.length === 1 ? (
        <Card>
          <CardHeader title={`recall@5 and MRR by ${firstAxis.path}`} />
          <CardBody>
            <SweepLineChart
              axisLabel={firstAxis.path}
              points={points.map((point) => ({ ...point, value: point.values[firstAxis.path] ?? "" }))}
            />
          </CardBody>
        </Card>
      ) : null}
      {evaluated && heatmap ? <SweepHeatmap heatmap={heatmap} /> : null}
      <SweepPointsTable axes={sweep.axes} points={points} />
    </div>
  );
}

/** The sweep's text-per-result warning, from its points' mean characters per result. */
async function textPerResultWarningOf(runIds: string[]) {
  const meanChars = await loadMeanResultChars(db(), runIds);
  return sweepTextPerResultWarning(runIds.map((runId) => meanChars.get(runId) ?? null));
}
