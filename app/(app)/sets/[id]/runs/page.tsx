import type { Metadata } from "next";
import { ChartCard } from "@/components/charts/chart-card";
import { CompareRunsLink } from "@/components/compare/compare-runs-link";
import { DownloadCsvButton } from "@/components/exports/download-csv-button";
import { exportFileName } from "@/components/exports/standalone-chart-svg";
import { JobProgress } from "@/components/jobs/job-progress";
import { ChartRunPicker } from "@/components/runs/chart-run-picker";
import { chooseChartRuns, DEFAULT_NEWEST_RUNS, parseChartParam } from "@/components/runs/chart-run-selection";
import { RecallChart } from "@/components/runs/recall-chart";
import { runColor, runStrokeDash } from "@/components/runs/run-color";
import { RunFilters } from "@/components/runs/run-filters";
import { runCsvRows } from "@/components/runs/run-list-rows";
import { RunsTable } from "@/components/runs/runs-table";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format-date";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { defaultRetrievalConfig, REPORTED_KS, retrievalConfigSchema } from "@/lib/configs/config-schema";
import { describeConfig } from "@/lib/configs/describe-config";
import { chunkingFormFields } from "@/lib/configs/evaluate-request";
import { retrieverFormFields } from "@/lib/configs/retriever-form-fields";
import { db } from "@/lib/db/client";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { runFilterChoices } from "@/lib/db/run-list";
import { runOrdinals } from "@/lib/db/run-ordinals";
import { listRuns, listSetRunChoices } from "@/lib/db/runs";
import { outboundAllowListSetting } from "@/lib/env";
import { recallChartCsv, runsCsv } from "@/lib/eval/run-csv";
import { noiseWarning, parseRunMetrics } from "@/lib/eval/run-report-schema";
import { readPoolRunIds } from "@/lib/pooling/pool-settings-schema";
import { parseOutboundAllowList } from "@/lib/retrieval/providers/check-outbound-url";
import { ListPager } from "../../../list-pager";
import { formatCountOf, orNotFound } from "../../../page-helpers";
import { loadRunList } from "../../../runs/load-run-list";
import {
  isFiltered,
  parseRunListParams,
  RETRIEVER_KIND_NAMES,
  RUN_STATUSES,
  runListQuery,
} from "../../../runs/run-list-params";
import { EvaluateForm } from "./evaluate-form";
import { savePoolSettingsAction } from "./pool-actions";
import { PoolSettingsForm } from "./pool-settings-form";

export const metadata: Metadata = { title: "Evaluate" };

export default async function SetRunsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser();
  const { id } = await params;
  const search = await searchParams;
  const set = await orNotFound(getGoldenSet(db(), id));
  const listParams = { ...parseRunListParams(search), setId: undefined };
  const ks = [...REPORTED_KS];
  const [list, choices, setRuns, ordinals, [latest]] = await Promise.all([
    loadRunList(db(), { params: listParams, setId: set.id, ks }),
    runFilterChoices(db(), { setId: set.id }),
    listSetRunChoices(db(), { setId: set.id }),
    runOrdinals(db(), set.id),
    listRuns(db(), { setId: set.id, take: 1 }),
  ]);

  const chart = chooseChartRuns({
    requested: parseChartParam(search.chart),
    runs: setRuns.map((run) => ({ id: run.id, status: run.status, archived: run.archivedAt !== null })),
    baselineRunId: set.baselineRunId,
  });
  const byId = new Map(setRuns.map((run) => [run.id, run]));
  const nameOf = (run: { config: { name: string; version: number } }) =>
    `${run.config.name} v${run.config.version}`;
  const style = (runId: string) => {
    const ordinal = ordinals.get(runId) ?? 1;
    return { color: runColor(ordinal), dash: runStrokeDash(ordinal) };
  };
  const chartRuns = chart.ids.flatMap((runId) => {
    const run = byId.get(runId);
    const metrics = run ? parseRunMetrics(run.metrics) : null;
    return run && metrics
      ? [
          {
            id: run.id,
            name: nameOf(run),
            recall: metrics.recall,
            evaluated: metrics.evaluated,
            ...style(run.id),
          },
        ]
      : [];
  });
  const finishedCount = setRuns.filter((run) => run.status === "succeeded").length;
  const chartRule = chart.isDefault
    ? `${set.baselineRunId ? "The pinned baseline and the" : "The"} ${DEFAULT_NEWEST_RUNS} newest finished runs, by default; choose others below.`
    : `${formatCountOf(chartRuns.length, "run")} chosen below${chart.dropped ? ` (${formatCountOf(chart.dropped, "run")} in the link could not be shown)` : ""}.`;
  const chartQuery = chart.isDefault ? undefined : chart.ids.join(",");
  // a sweep's points show their progress on the sweep's page, not one card each here
  const active = setRuns.filter(
    (run) => run.sweepId === null && (run.status === "queued" || run.status === "running"),
  );
  const latestConfig = latest ? retrievalConfigSchema.parse(latest.config.params) : defaultRetrievalConfig;
  const filtered = isFiltered(listParams);
  const pathname = `/sets/${set.id}/runs`;
  const pooledRunIds = new Set(readPoolRunIds(set.poolRunIds));

  return (
    <div>
      <PageHeader
        title="Evaluate"
        description={`BM25, dense (built-in LSA or your embeddings endpoint), hybrid, your own search endpoint or an uploaded run file — optionally reranked — scored against ${set.name}'s labels: recall@k and MRR together, with 95% intervals on each run's page.`}
        breadcrumbs={[
          { href: "/sets", label: "Golden sets" },
          { href: `/sets/${set.id}`, label: set.name },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="min-w-0 space-y-4">
          {active.map((run) =>
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
          )}
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
                    options={setRuns
                      .filter((run) => run.status === "succeeded")
                      .map((run) => ({
                        id: run.id,
                        name: nameOf(run),
                        ...style(run.id),
                        detail: `set v${run.goldenSetVersion.number} · ${formatDateTime(run.createdAt)}`,
                        archived: run.archivedAt !== null,
                        isBaseline: run.id === set.baselineRunId,
                      }))}
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
        </div>
        <div className="space-y-4 self-start">
          <Card>
            <CardHeader
              title="New run"
              description={
                latest ? "Starts from the latest run's configuration." : "Starts from the defaults."
              }
            />
            <CardBody>
              {can(user.role, "evaluate") ? (
                <EvaluateForm
                  setId={set.id}
                  allowList={parseOutboundAllowList(outboundAllowListSetting())}
                  initialSummary={describeConfig(latestConfig)}
                  defaults={{
                    name: latest?.config.name ?? "BM25 baseline",
                    ...chunkingFormFields(latestConfig.chunking),
                    topK: latestConfig.topK,
                    scoreThreshold: latestConfig.scoreThreshold,
                    ignoreIdenticalIds: latestConfig.ignoreIdenticalIds ?? false,
                    ...retrieverFormFields(latestConfig.retriever, latestConfig.reranker),
                    coverage: 1,
                  }}
                />
              ) : (
                <p className="text-sm text-zinc-500">
                  Engineers and admins run evaluations; your role is {user.role}.
                </p>
              )}
            </CardBody>
          </Card>
          {can(user.role, "evaluate") ? (
            <Card data-testid="pool-settings">
              <CardHeader
                title="Labeling candidates"
                description="Annotators judge the union of the top k of BM25 and of these runs, so the set does not inherit one system's blind spots."
              />
              <CardBody>
                <PoolSettingsForm
                  action={savePoolSettingsAction.bind(null, set.id)}
                  depth={set.poolDepth}
                  runs={setRuns
                    .filter(
                      (run) =>
                        run.status === "succeeded" && (run.archivedAt === null || pooledRunIds.has(run.id)),
                    )
                    .map((run) => ({
                      id: run.id,
                      name: nameOf(run),
                      detail: `set v${run.goldenSetVersion.number} · ${formatDateTime(run.createdAt)}`,
                      pooled: pooledRunIds.has(run.id),
                    }))}
                />
              </CardBody>
            </Card>
          ) : null}
        </div>
      </div>
      <Card className="mt-4">
        <CardHeader
          title="Runs"
          description="Recall@k and MRR, always together; a sweep's points fold under their sweep."
          actions={
            <>
              <DownloadCsvButton
                csv={runsCsv({ runs: runCsvRows(list.items), ks })}
                fileName={exportFileName(`Runs — ${set.name}`, "csv")}
                testId="runs-csv"
              />
              <CompareRunsLink setId={set.id} />
            </>
          }
        />
        <RunFilters
          pathname={pathname}
          values={listParams}
          setVersions={choices.setVersions}
          tags={choices.tags}
          kinds={RETRIEVER_KIND_NAMES}
          statuses={RUN_STATUSES}
          keep={{ chart: chartQuery }}
          filtered={filtered}
        />
        <RunsTable
          items={list.items}
          ks={ks}
          showSet={false}
          kindNames={RETRIEVER_KIND_NAMES}
          empty={
            filtered
              ? "No run matches these filters."
              : "No runs yet. Start an evaluation to compare configurations here."
          }
        />
        <ListPager
          pathname={pathname}
          params={{ ...runListQuery(listParams), chart: chartQuery }}
          page={listParams.page}
          pageSize={list.pageSize}
          total={list.total}
          noun={list.total === 1 ? "run or sweep" : "runs and sweeps"}
        />
      </Card>
    </div>
  );
}
