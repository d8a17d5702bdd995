import { PerQueryTable } from "@/components/runs/per-query-table";
import { QueryPassages } from "@/components/runs/query-passages";
import { ResolutionReport } from "@/components/runs/resolution-report";
import { RunContextMetrics } from "@/components/runs/run-context-metrics";
import { RunMetricTiles } from "@/components/runs/run-metrics";
import { UnresolvedLabelsTable } from "@/components/runs/unresolved-labels-table";
import { Alert } from "@/components/ui/alert";
import { listHref } from "../../page-helpers";
import { RunHoles } from "./run-holes";
import { RunMetricsCard } from "./run-metrics-card";
import { nameOf } from "./run-page-data";
import type { RunPageData } from "./run-page-load";
import { RunRecallCard } from "./run-recall-card";

type Props = { data: RunPageData; metrics: NonNullable<RunPageData["metrics"]> };

export function RunResults({ data, metrics }: Props) {
  const {
    run,
    setId,
    ordinals,
    against,
    openQueryId,
    resolution,
    ks,
    againstMetrics,
    comparison,
    textPerResultDiffers,
    passages,
    pathname,
    againstParam,
    warning,
    dropped,
  } = data;
  return (
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
        passagesHref={(queryId) => listHref(pathname, { against: againstParam, query: queryId ?? undefined })}
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
  );
}
