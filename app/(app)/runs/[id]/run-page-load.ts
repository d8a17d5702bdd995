import { can } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { REPORTED_KS, retrievalConfigSchema } from "@/lib/configs/config-schema";
import { db } from "@/lib/db/client";
import { runOrdinals } from "@/lib/db/run-ordinals";
import { getRun, listSetRunChoices } from "@/lib/db/runs";
import { compareStoredRuns } from "@/lib/eval/compare-stored-runs";
import { describeDroppedHits } from "@/lib/eval/describe-run-report";
import {
  noiseWarning,
  parseRunMetrics,
  parseRunResolution,
  parseRunTags,
} from "@/lib/eval/run-report-schema";
import { orNotFound } from "../../page-helpers";
import { chooseComparison } from "./comparison-choice";
import { pageMeasures, passagesOrProblem } from "./run-page-data";
import { compareRunWith } from "./run-settings-comparison";

export type SearchParams = { against?: string | string[]; query?: string | string[] };

const single = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) || undefined;

/** Loads everything the run page shows. */
export async function loadRunPage(id: string, search: SearchParams) {
  const user = await requirePageUser();
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
  return {
    user,
    run,
    setId,
    setRuns,
    ordinals,
    choice,
    against,
    openQueryId,
    config,
    metrics,
    resolution,
    ks,
    againstMetrics,
    comparison,
    settingsComparison,
    textPerResultDiffers,
    passages,
    isBaseline,
    tags,
    mayEvaluate,
    pathname,
    againstParam,
    warning,
    dropped,
    active,
  };
}

export type RunPageData = Awaited<ReturnType<typeof loadRunPage>>;
