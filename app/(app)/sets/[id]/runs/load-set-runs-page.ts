import { chooseChartRuns, DEFAULT_NEWEST_RUNS, parseChartParam } from "@/components/runs/chart-run-selection";
import { runColor, runStrokeDash } from "@/components/runs/run-color";
import { formatDateTime } from "@/components/ui/format-date";
import { formatCountOf } from "@/components/ui/format-number";
import { defaultRetrievalConfig, REPORTED_KS, retrievalConfigSchema } from "@/lib/configs/config-schema";
import { db } from "@/lib/db/client";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { runFilterChoices } from "@/lib/db/run-list";
import { runOrdinals } from "@/lib/db/run-ordinals";
import { listRuns, listSetRunChoices } from "@/lib/db/runs";
import { parseRunMetrics } from "@/lib/eval/run-report-schema";
import { readPoolRunIds } from "@/lib/pooling/pool-settings-schema";
import { orNotFound } from "../../../page-helpers";
import { loadRunList } from "../../../runs/load-run-list";
import { isFiltered, parseRunListParams } from "../../../runs/run-list-params";

/** Everything the set's Evaluate page shows: the run list, the charted runs, active runs, the latest config. */
export async function loadSetRunsPage(id: string, search: Record<string, string | string[] | undefined>) {
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
  const pickerOptions = setRuns
    .filter((run) => run.status === "succeeded")
    .map((run) => ({
      id: run.id,
      name: nameOf(run),
      ...style(run.id),
      detail: `set v${run.goldenSetVersion.number} · ${formatDateTime(run.createdAt)}`,
      archived: run.archivedAt !== null,
      isBaseline: run.id === set.baselineRunId,
    }));
  const poolRuns = setRuns
    .filter((run) => run.status === "succeeded" && (run.archivedAt === null || pooledRunIds.has(run.id)))
    .map((run) => ({
      id: run.id,
      name: nameOf(run),
      detail: `set v${run.goldenSetVersion.number} · ${formatDateTime(run.createdAt)}`,
      pooled: pooledRunIds.has(run.id),
    }));
  return {
    set,
    listParams,
    ks,
    list,
    choices,
    latest,
    latestConfig,
    chartRuns,
    finishedCount,
    chartRule,
    chartQuery,
    active,
    filtered,
    pathname,
    pickerOptions,
    poolRuns,
  };
}

export type SetRunsPageData = Awaited<ReturnType<typeof loadSetRunsPage>>;
