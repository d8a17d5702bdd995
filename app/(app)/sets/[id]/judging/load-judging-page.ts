import { z } from "zod";
import { formatDateTime } from "@/components/ui/format-date";
import { db } from "@/lib/db/client";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { listJudges } from "@/lib/db/judges";
import { listJudgingJobs } from "@/lib/db/judging-jobs";
import { listModelJudgments } from "@/lib/db/model-judgments";
import { listSetRunChoices } from "@/lib/db/runs";
import { modelJudgmentStatusSchema } from "@/lib/judging/model-judgment-status";
import { orNotFound } from "../../../page-helpers";

export const JUDGMENTS_PAGE_SIZE = 50;

const paramsSchema = z.object({
  status: modelJudgmentStatusSchema.optional().catch(undefined),
  judge: z.string().min(1).optional().catch(undefined),
  page: z.coerce.number().int().min(1).catch(1).default(1),
});

export type JudgingPageParams = z.infer<typeof paramsSchema>;

/** Everything a set's Judging page shows: judges to choose, runs, jobs and a page of judgments. */
export async function loadJudgingPage(setId: string, search: Record<string, string | string[] | undefined>) {
  const params = paramsSchema.parse({ status: search.status, judge: search.judge, page: search.page });
  const set = await orNotFound(getGoldenSet(db(), setId));
  const [judges, runs, jobs, judgments] = await Promise.all([
    listJudges(db(), {}),
    listSetRunChoices(db(), { setId }),
    listJudgingJobs(db(), { setId }),
    listModelJudgments(db(), {
      setId,
      judgeId: params.judge,
      status: params.status,
      skip: (params.page - 1) * JUDGMENTS_PAGE_SIZE,
      take: JUDGMENTS_PAGE_SIZE,
    }),
  ]);
  const labels = new Map(
    runs.map((run) => [
      run.id,
      `${run.config.name} v${run.config.version} · ${formatDateTime(run.createdAt)}`,
    ]),
  );
  const finishedRuns = runs
    .filter((run) => run.status === "succeeded" && !run.archivedAt)
    .map((run) => ({ id: run.id, label: labels.get(run.id) ?? run.id }));
  // judges that judged this set stay choosable in the filter even when archived
  const judgedBy = new Set(jobs.map((job) => job.judgeId));
  return {
    set,
    params,
    judges: judges.filter((judge) => !judge.archivedAt),
    filterJudges: judges.filter((judge) => judgedBy.has(judge.id)),
    finishedRuns,
    runLabel: (runId: string) => labels.get(runId) ?? "a deleted run",
    jobs,
    judgments,
  };
}
