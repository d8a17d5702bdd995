import type { Metadata } from "next";
import { JobProgress } from "@/components/jobs/job-progress";
import { CompareAgainst } from "@/components/runs/compare-against";
import { PerQueryTable } from "@/components/runs/per-query-table";
import { QueryPassages } from "@/components/runs/query-passages";
import { ResolutionReport } from "@/components/runs/resolution-report";
import { runColor, runStrokeDash } from "@/components/runs/run-color";
import { RunContextMetrics } from "@/components/runs/run-context-metrics";
import { RunMetricTiles } from "@/components/runs/run-metrics";
import { RunSwatch } from "@/components/runs/run-swatch";
import { UnresolvedLabelsTable } from "@/components/runs/unresolved-labels-table";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format-date";
import { PageHeader } from "@/components/ui/page-header";
import { StatusBadge } from "@/components/ui/status-badge";
import { can } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { REPORTED_KS, retrievalConfigSchema } from "@/lib/configs/config-schema";
import { describeConfig } from "@/lib/configs/describe-config";
import { db } from "@/lib/db/client";
import { runOrdinals } from "@/lib/db/run-ordinals";
import { getRun, listSetRunChoices } from "@/lib/db/runs";
import { compareStoredRuns } from "@/lib/eval/compare-stored-runs";
import { describeDroppedHits, describeRunReport } from "@/lib/eval/describe-run-report";
import {
  noiseWarning,
  parseRunMetrics,
  parseRunResolution,
  parseRunTags,
  scoringModeSchema,
} from "@/lib/eval/run-report-schema";
import { listHref, orNotFound } from "../../page-helpers";
import {
  archiveRunAction,
  pinBaselineRunAction,
  saveRunTagsAction,
  unarchiveRunAction,
  unpinBaselineRunAction,
} from "./actions";
import { chooseComparison } from "./comparison-choice";
import { RunActionButton } from "./run-action-button";
import { RunHoles } from "./run-holes";
import { RunMetricsCard } from "./run-metrics-card";
import { comparableRuns, nameOf, pageMeasures, passagesOrProblem } from "./run-page-data";
import { RunRecallCard } from "./run-recall-card";
import { compareRunWith } from "./run-settings-comparison";
import { RunTagsStrip } from "./run-tags-strip";
import { RunTrecLink } from "./run-trec-link";

export const metadata: Metadata = { title: "Run" };

type SearchParams = { against?: string | string[]; query?: string | string[] };

const single = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) || undefined;

export default async function RunPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const user = await requirePageUser();
  const { id } = await params;
  const search = await searchParams;
  const run = await orNotFound(getRun(db(), id));
  const setId = run.goldenSet.id;
  const [setRuns, ordinals] = await Promise.all([
    listSetRunChoices(db(), { setId }),
    runOrdinals(db(), setId),
  ]);
  const choice = chooseComparison({
    runId: run.id,
    requested: single(search.against),
    baselineRunId: run.goldenSet.baselineRunId,
    setRunIds: new Set(setRuns.map((choice) => choice.id)),
  });
  const against = choice.againstId ? await getRun(db(), choice.againstId) : null;
  const openQueryId = single(search.query) ?? null;

  const config = retrievalConfigSchema.parse(run.config.params);
  const metrics = parseRunMetrics(run.metrics);
  const resolution = parseRunResolution(run.resolution);
  const ks = metrics?.ks ?? [...REPORTED_KS];
  const againstMetrics = against ? parseRunMetrics(against.metrics) : null;
  const comparison =
    against && metrics && againstMetrics
      ? compareStoredRuns({ baseline: against.queryMetrics, run: run.queryMetrics, ...pageMeasures(ks) })
      : null;
  const settingsComparison = against
    ? await compareRunWith({ run, against, sharedQueries: comparison?.queries ?? 0 })
    : null;
  const textPerResultDiffers =
    settingsComparison?.warnings.some((entry) => entry.kind === "text-per-result") ?? false;
  const passages = openQueryId && metrics ? await passagesOrProblem(run.id, openQueryId) : null;

  const isBaseline = run.goldenSet.baselineRunId === run.id;
  const tags = parseRunTags(run.tags);
  const mayEvaluate = can(user.role, "evaluate");
  const pathname = `/runs/${run.id}`;
  const againstParam = choice.reason === "chosen" ? (choice.againstId ?? undefined) : undefined;
  const warning = metrics ? noiseWarning(metrics.evaluated) : undefined;
  const dropped = metrics ? describeDroppedHits(metrics) : null;
  const active = run.status === "queued" || run.status === "running";

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
        })}
        breadcrumbs={[
          { href: "/runs", label: "Runs" },
          { href: `/sets/${setId}/runs`, label: run.goldenSet.name },
        ]}
        actions={
          <>
            {mayEvaluate && run.status === "succeeded" && !run.archivedAt ? (
              isBaseline ? (
                <RunActionButton
                  action={unpinBaselineRunAction.bind(null, run.id)}
                  label="Unpin baseline"
                  pendingLabel="Unpinning…"
                  data-testid="unpin-baseline"
                />
              ) : (
                <RunActionButton
                  action={pinBaselineRunAction.bind(null, run.id)}
                  label="Pin as baseline"
                  pendingLabel="Pinning…"
                  data-testid="pin-baseline"
                />
              )
            ) : null}
            {mayEvaluate && !active && !isBaseline ? (
              run.archivedAt ? (
                <RunActionButton
                  action={unarchiveRunAction.bind(null, run.id)}
                  label="Unarchive"
                  pendingLabel="Unarchiving…"
                  data-testid="unarchive-run"
                />
              ) : (
                <RunActionButton
                  action={archiveRunAction.bind(null, run.id)}
                  label="Archive"
                  pendingLabel="Archiving…"
                  variant="ghost"
                  data-testid="archive-run"
                />
              )
            ) : null}
            {run.status === "succeeded" ? <RunTrecLink runId={run.id} /> : null}
            <StatusBadge status={run.status} data-testid="run-status" />
          </>
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
      {metrics ? (
        <>
          {warning ? <Alert tone="warning">{warning}</Alert> : null}
          {dropped ? (
            <Alert tone="warning" data-testid="run-dropped-hits">
              {dropped}
            </Alert>
          ) : null}
          {/* when text per result differs from the compared run's, recall@k is unfair: the context measures lead */}
          {textPerResultDiffers ? <RunContextMetrics metrics={metrics} comparison={comparison} /> : null}
          <RunMetricTiles metrics={metrics} comparison={comparison} />
          {textPerResultDiffers ? null : <RunContextMetrics metrics={metrics} comparison={comparison} />}
          <RunHoles setId={setId} runId={run.id} metrics={metrics} />
          <div className="grid items-start gap-4 lg:grid-cols-2">
            <RunMetricsCard
              metrics={metrics}
              coverage={run.mode === "document" ? null : run.coverage}
              ks={ks}
              comparison={comparison}
              against={against ? nameOf(against) : null}
              runName={nameOf(run)}
            />
            <RunRecallCard
              run={{ id: run.id, name: nameOf(run), recall: metrics.recall }}
              against={
                against && againstMetrics
                  ? { id: against.id, name: nameOf(against), recall: againstMetrics.recall }
                  : null
              }
              ordinals={ordinals}
              ks={ks}
            />
          </div>
          <ResolutionReport resolution={resolution} />
          {resolution && resolution.labels.length > 0 ? (
            <UnresolvedLabelsTable labels={resolution.labels} />
          ) : null}
          <PerQueryTable
            rows={run.queryMetrics}
            runName={nameOf(run)}
            ks={ks}
            openQueryId={openQueryId}
            passagesHref={(queryId) =>
              listHref(pathname, { against: againstParam, query: queryId ?? undefined })
            }
            passages={
              passages?.data ? (
                <QueryPassages
                  data={passages.data}
                  labelingHref={`/sets/${setId}/queries/${passages.data.query.id}`}
                />
              ) : (
                <p className="text-xs text-zinc-500">{passages?.problem}</p>
              )
            }
          />
        </>
      ) : null}
    </div>
  );
}
