import type { Metadata } from "next";
import { JobProgress } from "@/components/jobs/job-progress";
import { CompareAgainst } from "@/components/runs/compare-against";
import { runColor, runStrokeDash } from "@/components/runs/run-color";
import { RunSwatch } from "@/components/runs/run-swatch";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format-date";
import { PageHeader } from "@/components/ui/page-header";
import { describeConfig } from "@/lib/configs/describe-config";
import { describeRunReport } from "@/lib/eval/describe-run-report";
import { describeRunJudgments } from "@/lib/eval/run-judgments";
import { scoringModeSchema } from "@/lib/eval/run-report-schema";
import { saveRunTagsAction } from "./actions";
import { RunPageActions } from "./run-page-actions";
import { comparableRuns, nameOf } from "./run-page-data";
import { loadRunPage, type SearchParams } from "./run-page-load";
import { RunResults } from "./run-results";
import { RunTagsStrip } from "./run-tags-strip";

export const metadata: Metadata = { title: "Run" };

export default async function RunPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { id } = await params;
  const data = await loadRunPage(id, await searchParams);
  const {
    run,
    setId,
    ordinals,
    choice,
    against,
    config,
    metrics,
    againstMetrics,
    settingsComparison,
    setRuns,
    isBaseline,
    tags,
    mayEvaluate,
    pathname,
    active,
  } = data;
  return (
    <div className="space-y-4">
      <PageHeader
        title={
          <span className="inline-flex flex-wrap items-center gap-2">
            <RunSwatch
              color={runColor(ordinals.get(run.id) ?? 1)}
              dash={runStrokeDash(ordinals.get(run.id) ?? 1)}
            />
            {nameOf(run)}
            {isBaseline ? (
              <Badge tone="amber" data-testid="baseline-badge">
                ★ Baseline
              </Badge>
            ) : null}
            {run.archivedAt ? (
              <Badge tone="neutral" data-testid="archived-badge">
                Archived
              </Badge>
            ) : null}
          </span>
        }
        description={describeRunReport({
          configSummary: describeConfig(config),
          mode: scoringModeSchema.catch("label").parse(run.mode),
          coverage: run.coverage,
          setVersion: run.goldenSetVersion.number,
          judgments: metrics ? describeRunJudgments(metrics.judgments) : null,
        })}
        breadcrumbs={[
          { href: "/runs", label: "Runs" },
          { href: `/sets/${setId}/runs`, label: run.goldenSet.name },
        ]}
        actions={
          <RunPageActions run={run} mayEvaluate={mayEvaluate} isBaseline={isBaseline} active={active} />
        }
      />
      {run.archivedAt ? (
        <Alert tone="info" data-testid="archived-note">
          Archived on {formatDateTime(run.archivedAt)}: hidden from run lists and pickers (“Show archived”
          finds it), never deleted.
        </Alert>
      ) : null}
      <RunTagsStrip
        createdAt={run.createdAt}
        tags={tags}
        saveTags={mayEvaluate ? saveRunTagsAction.bind(null, run.id) : null}
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
      <CompareAgainst
        pathname={pathname}
        reason={choice.reason}
        notice={choice.notice}
        against={
          against
            ? {
                id: against.id,
                name: nameOf(against),
                href: `/runs/${against.id}`,
                isBaseline: against.id === run.goldenSet.baselineRunId,
              }
            : null
        }
        options={comparableRuns(setRuns, {
          runId: run.id,
          againstId: against?.id,
          baselineRunId: run.goldenSet.baselineRunId,
        })}
        changes={settingsComparison?.changes ?? null}
        warnings={settingsComparison?.warnings.map((entry) => entry.message) ?? []}
        compareHref={
          against && metrics && againstMetrics
            ? `/sets/${setId}/compare?baseline=${encodeURIComponent(against.id)}&runs=${encodeURIComponent(run.id)}`
            : null
        }
      />
      {metrics ? <RunResults data={data} metrics={metrics} /> : null}
    </div>
  );
}
