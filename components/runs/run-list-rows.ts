import type { RunCsvRow } from "@/lib/eval/run-csv";
import type { RunMetrics } from "@/lib/eval/run-report-schema";

/** One run as a runs list shows it. */
export type RunRowView = {
  id: string;
  name: string;
  setId: string;
  setName: string;
  setVersion: number;
  /** The retriever's kind (bm25, dense, hybrid, external, imported). */
  retrieverKind: string;
  status: string;
  tags: string[];
  archived: boolean;
  isBaseline: boolean;
  /** The run's colour and dash pattern on every chart (`runColor`, `runStrokeDash` of its ordinal). */
  color: string;
  dash?: string | undefined;
  metrics: RunMetrics | null;
  /** ISO 8601. */
  createdAt: string;
};

export type SweepHeaderView = {
  id: string;
  name: string;
  /** "chunking.size × retriever.k1" */
  axes: string;
  /** The sweep's status, its points' (lib/jobs/sweep-progress.ts); null when unknown. */
  status: string | null;
  /** Points the sweep has in all, matching the filters or not. */
  pointCount: number;
  createdAt: string;
};

/** The best value of each measure over a sweep's points (null where no point has one). */
type SweepBest = { recall: Record<string, number | null>; mrr: number | null; ndcg10: number | null };

export type RunListItem =
  | { kind: "run"; run: RunRowView }
  | {
      kind: "sweep";
      sweep: SweepHeaderView;
      /** The points that match the list's filters, newest first. */
      points: RunRowView[];
      best: SweepBest;
      /**
       * The queries its points evaluated (the Queries column, never a "best"): every point evaluates
       * the same set version, so they agree; the smallest while an unfinished point differs; null
       * before any point has metrics.
       */
      evaluated: number | null;
      failed: number;
      /** The points' set and version when they share one (a sweep freezes one version). */
      setName: string;
      setVersion: number | null;
      /** "bm25", or "several" when the sweep varies the retriever. */
      retrieverKind: string;
    };

type Entry = { kind: "run"; runId: string } | { kind: "sweep"; sweepId: string; runIds: string[] };

function bestOf(values: (number | undefined)[]): number | null {
  const finite = values.filter(
    (value): value is number => typeof value === "number" && Number.isFinite(value),
  );
  return finite.length ? Math.max(...finite) : null;
}

/**
 * A page of a runs list in order (lib/db/run-list `listRunEntries`): each entry a run on its own,
 * or a sweep whose matching points fold under one row with their best recall@k, MRR and nDCG@10.
 * Entries naming a run or sweep that is not given (deleted meanwhile) are left out.
 */
export function groupRunList(options: {
  entries: readonly Entry[];
  runs: ReadonlyMap<string, RunRowView>;
  sweeps: ReadonlyMap<string, SweepHeaderView>;
  ks: readonly number[];
}): RunListItem[] {
  const { entries, runs, sweeps, ks } = options;
  return entries.flatMap((entry): RunListItem[] => {
    if (entry.kind === "run") {
      const run = runs.get(entry.runId);
      return run ? [{ kind: "run", run }] : [];
    }
    const sweep = sweeps.get(entry.sweepId);
    const points = entry.runIds
      .flatMap((id) => runs.get(id) ?? [])
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    if (!sweep || points.length === 0) return [];
    const metrics = points.flatMap((point) => point.metrics ?? []);
    const versions = new Set(points.map((point) => point.setVersion));
    const kinds = new Set(points.map((point) => point.retrieverKind));
    const evaluatedCounts = metrics.map((entry) => entry.evaluated);
    return [
      {
        kind: "sweep",
        sweep,
        points,
        best: {
          recall: Object.fromEntries(
            ks.map((k) => [String(k), bestOf(metrics.map((entry) => entry.recall[String(k)]))]),
          ),
          mrr: bestOf(metrics.map((entry) => entry.mrr)),
          ndcg10: bestOf(metrics.map((entry) => entry.ndcg?.["10"])),
        },
        evaluated: evaluatedCounts.length > 0 ? Math.min(...evaluatedCounts) : null,
        failed: points.filter((point) => point.status === "failed").length,
        setName: points[0]?.setName ?? "",
        setVersion: versions.size === 1 ? (points[0]?.setVersion ?? null) : null,
        retrieverKind: kinds.size === 1 ? (points[0]?.retrieverKind ?? "") : "several",
      },
    ];
  });
}

/** The list's runs as its CSV writes them: a sweep's points (those shown) each on a row naming the sweep. */
export function runCsvRows(items: readonly RunListItem[]): RunCsvRow[] {
  const row = (run: RunRowView, sweep: string | null): RunCsvRow => ({
    name: run.name,
    sweep,
    setVersion: run.setVersion,
    retrieverKind: run.retrieverKind,
    status: run.status,
    tags: run.tags,
    archived: run.archived,
    metrics: run.metrics,
    createdAt: run.createdAt,
  });
  return items.flatMap((item) =>
    item.kind === "run" ? [row(item.run, null)] : item.points.map((point) => row(point, item.sweep.name)),
  );
}
