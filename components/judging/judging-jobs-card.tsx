import type { ReactNode } from "react";
import { RefreshWhileActive } from "@/components/jobs/refresh-while-active";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format-date";
import { Link } from "@/components/ui/link";
import { ProgressBar, type ProgressTone } from "@/components/ui/progress-bar";
import type { JudgingJobView } from "@/lib/db/judging-jobs";
import { describeFigures, describeSource } from "./describe-judging";

type Status = JudgingJobView["status"];

const statusLook: Record<Status, { tone: BadgeTone; bar: ProgressTone; label: string }> = {
  queued: { tone: "neutral", bar: "neutral", label: "Queued" },
  running: { tone: "blue", bar: "amber", label: "Running" },
  paused: { tone: "amber", bar: "neutral", label: "Paused" },
  succeeded: { tone: "green", bar: "green", label: "Succeeded" },
  failed: { tone: "red", bar: "red", label: "Failed" },
  cancelled: { tone: "neutral", bar: "neutral", label: "Cancelled" },
};

function isActiveJudging(status: Status): boolean {
  return status === "queued" || status === "running";
}

type JudgingJobsCardProps = {
  jobs: JudgingJobView[];
  runLabel: (runId: string) => string;
  reportHref: (judgeId: string) => string;
  /** Cancel / Resume buttons for one job, as its status allows (client forms bound to it). */
  controls: (job: JudgingJobView) => ReactNode;
};

/**
 * The set's judging jobs, newest first, with live figures: the page re-renders every 1.5 s while
 * one is queued or running (the runner keeps the figures current in the job).
 */
export function JudgingJobsCard({ jobs, runLabel, reportHref, controls }: JudgingJobsCardProps) {
  const active = jobs.some((job) => isActiveJudging(job.status));
  return (
    <Card>
      {active ? <RefreshWhileActive /> : null}
      <CardHeader
        title="Judging jobs"
        description="Pairs a judge version judged once are never sent again: a second job over them costs nothing."
      />
      {jobs.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-zinc-500" data-testid="no-judging-jobs">
          No judging yet. Choose a judge and runs on the left and start.
        </p>
      ) : (
        <ol className="divide-y divide-zinc-100">
          {jobs.map((job) => {
            const look = statusLook[job.status];
            return (
              <li
                key={job.id}
                className="space-y-2 px-4 py-3"
                data-testid="judging-job"
                data-status={job.status}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="flex min-w-0 items-center gap-2 text-sm">
                    <Badge tone={look.tone} data-testid="judging-job-status">
                      {look.label}
                    </Badge>
                    <span className="font-medium text-zinc-900">
                      {job.judgeName} v{job.judgeVersion}
                    </span>
                    <span className="truncate text-zinc-500">{describeSource(job.source, runLabel)}</span>
                  </div>
                  <div className="flex items-center gap-2">
                    {controls(job)}
                    <Link
                      href={reportHref(job.judgeId)}
                      className="font-medium text-xs text-brand-700 hover:underline"
                      data-testid="judge-report-link"
                    >
                      Report
                    </Link>
                  </div>
                </div>
                <ProgressBar
                  value={job.status === "succeeded" ? 1 : job.progress}
                  label={isActiveJudging(job.status) && job.message ? job.message : look.label}
                  tone={look.bar}
                  showPercent={job.status !== "failed" && job.status !== "cancelled"}
                />
                <p className="text-xs text-zinc-500 tabular-nums" data-testid="judging-figures">
                  {describeFigures(job.figures).join(" · ")} · started {formatDateTime(job.createdAt)}
                  {job.finishedAt ? `, ended ${formatDateTime(job.finishedAt)}` : ""}
                </p>
                {job.error ? (
                  <Alert
                    tone={job.status === "paused" ? "warning" : "error"}
                    compact
                    data-testid="judging-job-error"
                  >
                    {job.error}
                  </Alert>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
