import { runColor, runStrokeDash } from "@/components/runs/run-color";
import { groupRunList, type RunRowView, type SweepHeaderView } from "@/components/runs/run-list-rows";
import type { Db } from "@/lib/db/client";
import { type ListedRun, listRunEntries, listSweepHeaders } from "@/lib/db/run-list";
import { runOrdinals } from "@/lib/db/run-ordinals";
import { parseRunMetrics, parseRunTags } from "@/lib/eval/run-report-schema";
import type { RunListParams } from "./run-list-params";

/** Entries (a run, or a sweep's points folded) per page of a runs list. */
const RUN_LIST_PAGE_SIZE = 50;

function retrieverKindOf(params: unknown): string {
  const retriever = (params as { retriever?: { kind?: unknown } } | null)?.retriever;
  return typeof retriever?.kind === "string" ? retriever.kind : "unknown";
}

/**
 * One page of a runs list (all runs, or one set's with `setId`), filtered as the URL says, sweeps
 * folded, every run with its colour — the same colour as on every chart of its set.
 */
export async function loadRunList(
  prisma: Db,
  options: { params: RunListParams; setId?: string | undefined; ks: readonly number[] },
) {
  const { params } = options;
  const setId = options.setId ?? params.setId;
  const { entries, runs, total } = await listRunEntries(prisma, {
    filters: {
      setId,
      name: params.search,
      retrieverKind: params.retrieverKind,
      setVersion: params.setVersion,
      status: params.status,
      tag: params.tag,
      includeArchived: params.showArchived,
    },
    page: params.page,
    pageSize: RUN_LIST_PAGE_SIZE,
  });
  const setIds = [...new Set([...runs.values()].map((run) => run.goldenSetId))];
  const ordinalsBySet = new Map(
    await Promise.all(setIds.map(async (id) => [id, await runOrdinals(prisma, id)] as const)),
  );
  const sweepIds = entries.flatMap((entry) => (entry.kind === "sweep" ? [entry.sweepId] : []));
  const sweeps = sweepIds.length ? await listSweepHeaders(prisma, sweepIds) : [];
  const view = (run: ListedRun): RunRowView => ({
    id: run.id,
    name: `${run.config.name} v${run.config.version}`,
    setId: run.goldenSet.id,
    setName: run.goldenSet.name,
    setVersion: run.goldenSetVersion.number,
    retrieverKind: retrieverKindOf(run.config.params),
    status: run.status,
    tags: parseRunTags(run.tags),
    archived: run.archivedAt !== null,
    isBaseline: run.goldenSet.baselineRunId === run.id,
    color: runColor(ordinalsBySet.get(run.goldenSetId)?.get(run.id) ?? 1),
    dash: runStrokeDash(ordinalsBySet.get(run.goldenSetId)?.get(run.id) ?? 1),
    metrics: parseRunMetrics(run.metrics),
    createdAt: run.createdAt.toISOString(),
  });
  const items = groupRunList({
    entries,
    runs: new Map([...runs.values()].map((run) => [run.id, view(run)])),
    sweeps: new Map(
      sweeps.map((sweep): [string, SweepHeaderView] => [
        sweep.id,
        {
          id: sweep.id,
          name: sweep.name,
          axes: sweep.axisPaths.join(" × "),
          status: sweep.status,
          pointCount: sweep.pointCount,
          createdAt: sweep.createdAt.toISOString(),
        },
      ]),
    ),
    ks: options.ks,
  });
  return { items, total, pageSize: RUN_LIST_PAGE_SIZE };
}
