import { formatDateTime } from "@/components/ui/format-date";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { CONTEXT_MEASURES } from "@/lib/eval/context-budget";
import { loadQueryPassages } from "@/lib/runs/load-query-passages";

/** The measures a comparison on the run page tests (Holm over these) and the ones it only describes. */
export function pageMeasures(ks: readonly number[]) {
  return {
    tested: [...ks.flatMap((k) => [`recall@${k}`, `ndcg@${k}`]), "mrr", "map", ...CONTEXT_MEASURES],
    described: ks.flatMap((k) => [`precision@${k}`, `hit@${k}`, `partial_recall@${k}`, `judged@${k}`]),
  };
}

/** The passages of one query of the run, or why they cannot be shown (an unknown query). */
export async function passagesOrProblem(runId: string, queryId: string) {
  try {
    return { data: await loadQueryPassages(db(), { runId, queryId }), problem: null };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found")
      return { data: null, problem: error.message };
    throw error;
  }
}

/** A run as lists name it: its configuration's name and version. */
export function nameOf(entry: { config: { name: string; version: number } }): string {
  return `${entry.config.name} v${entry.config.version}`;
}

/**
 * The runs this run can be compared against, as the picker lists them: the set's other finished
 * runs, archived ones only when already chosen.
 */
export function comparableRuns(
  setRuns: {
    id: string;
    status: string;
    archivedAt: Date | null;
    createdAt: Date;
    config: { name: string; version: number };
    goldenSetVersion: { number: number };
  }[],
  options: { runId: string; againstId: string | undefined; baselineRunId: string | null },
) {
  return setRuns
    .filter(
      (entry) =>
        entry.id !== options.runId &&
        entry.status === "succeeded" &&
        (!entry.archivedAt || entry.id === options.againstId),
    )
    .map((entry) => ({
      id: entry.id,
      label: `${nameOf(entry)}${entry.id === options.baselineRunId ? " (pinned baseline)" : ""} · set v${entry.goldenSetVersion.number} · ${formatDateTime(entry.createdAt)}`,
      isBaseline: entry.id === options.baselineRunId,
    }));
}
