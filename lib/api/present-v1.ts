import type { z } from "zod";
import type { runResponseSchema, setSummarySchema } from "@/lib/api/v1-schemas";
import { runMetricsSchema, scoringModeSchema } from "@/lib/eval/run-report-schema";
import type { SetQueryCounts } from "@/lib/sets/query-counts";

type SetRow = {
  id: string;
  name: string;
  description: string;
  createdAt: Date;
  updatedAt: Date;
  corpus: { name: string };
  _count: { queries: number; runs: number };
};

/** A golden set as the API lists it, with its counts (`loadSetQueryCounts`, as the pages show them). */
export function presentSetSummary(set: SetRow, counts: SetQueryCounts): z.output<typeof setSummarySchema> {
  return {
    id: set.id,
    name: set.name,
    description: set.description,
    corpus: set.corpus.name,
    queries: set._count.queries,
    runs: set._count.runs,
    counts: {
      labeled: counts.labeled,
      done: counts.done,
      withRelevantLabels: counts.withRelevantLabels,
      byStatus: counts.byStatus,
    },
    createdAt: set.createdAt.toISOString(),
    updatedAt: set.updatedAt.toISOString(),
  };
}

type RunRow = {
  id: string;
  goldenSetId: string;
  status: string;
  mode: string;
  metrics: unknown;
  error: string | null;
  createdAt: Date;
  config: { name: string };
  job: { progress: number; message: string; error: string | null } | null;
};

const statuses = ["queued", "running", "succeeded", "failed"] as const;

/** A run as the API answers it: metrics (the stored shape) only once it succeeded. */
export function presentRun(run: RunRow): z.output<typeof runResponseSchema> {
  const status = statuses.find((known) => known === run.status);
  // the database holds only these four (prisma/schema.prisma); any other is a bug to report, not a
  // run to show as waiting
  if (status === undefined) throw new Error(`Run ${run.id} has an unknown status "${run.status}".`);
  const metrics = status === "succeeded" ? runMetricsSchema.safeParse(run.metrics) : null;
  return {
    id: run.id,
    setId: run.goldenSetId,
    configName: run.config.name,
    mode: scoringModeSchema.catch("label").parse(run.mode),
    status,
    progress: status === "succeeded" ? 1 : (run.job?.progress ?? 0),
    message: run.job?.message || null,
    error: run.error ?? run.job?.error ?? null,
    createdAt: run.createdAt.toISOString(),
    metrics: metrics?.success ? (run.metrics as z.output<typeof runMetricsSchema>) : null,
  };
}
