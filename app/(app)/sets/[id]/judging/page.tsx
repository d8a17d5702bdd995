import type { Metadata } from "next";
import { JudgeActionButton } from "@/components/judging/judge-action-button";
import { JudgingJobsCard } from "@/components/judging/judging-jobs-card";
import { StartJudgingForm } from "@/components/judging/start-judging-form";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/session";
import type { JudgingJobView } from "@/lib/db/judging-jobs";
import { setBreadcrumbs } from "../set-breadcrumbs";
import { cancelJudgingAction, resumeJudgingAction, startJudgingAction } from "./actions";
import { JudgmentsCard } from "./judgments-card";
import { loadJudgingPage } from "./load-judging-page";

export const metadata: Metadata = { title: "Judging" };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const policyText: Record<string, string> = {
  ignore: "ignored: only people's judgments count",
  fill_holes: "fill holes: a model judgment counts only where no person judged the passage",
  model_only: "model only: only model judgments count",
};

/** Cancel while it may still stop; Resume when paused (budget) or failed. */
function jobControls(setId: string, job: JudgingJobView) {
  const may = {
    cancel: job.status === "queued" || job.status === "running" || job.status === "paused",
    resume: job.status === "paused" || job.status === "failed",
  };
  return (
    <>
      {may.resume ? (
        <JudgeActionButton
          action={resumeJudgingAction.bind(null, setId, job.id)}
          label="Resume"
          pendingLabel="Resuming…"
          data-testid="resume-judging"
        />
      ) : null}
      {may.cancel ? (
        <JudgeActionButton
          action={cancelJudgingAction.bind(null, setId, job.id)}
          label="Cancel"
          pendingLabel="Cancelling…"
          variant="ghost"
          data-testid="cancel-judging"
        />
      ) : null}
    </>
  );
}

type JudgingPageData = Awaited<ReturnType<typeof loadJudgingPage>>;

/** The form to start a job, or what is missing for one: a judge, or a finished run to judge. */
function StartJudgingCard({
  setId,
  judges,
  runs,
}: {
  setId: string;
  judges: JudgingPageData["judges"];
  runs: JudgingPageData["finishedRuns"];
}) {
  return (
    <Card>
      <CardHeader
        title="Start judging"
        description="Pairs already judged by the same judge version cost nothing."
      />
      <CardBody>
        {judges.length > 0 && runs.length > 0 ? (
          <StartJudgingForm
            action={startJudgingAction.bind(null, setId)}
            judges={judges.map((judge) => ({
              id: judge.id,
              label: `${judge.name} v${judge.version} · ${judge.settings.model}`,
            }))}
            runs={runs}
          />
        ) : (
          <EmptyState
            title={judges.length === 0 ? "No judge yet" : "No finished run yet"}
            description={
              judges.length === 0
                ? "Configure a judge — an OpenAI-compatible endpoint and a model — on the Judges page, then come back."
                : "A judge grades the results of runs: evaluate a configuration on this set first."
            }
            action={
              <ButtonLink
                href={judges.length === 0 ? "/judges" : `/sets/${setId}/runs`}
                size="sm"
                variant="primary"
              >
                {judges.length === 0 ? "Judges" : "Evaluate"}
              </ButtonLink>
            }
          />
        )}
      </CardBody>
    </Card>
  );
}

/**
 * Engineers and admins: judge a set's pool or a run's holes with an LLM judge (issue 23), follow
 * the jobs, read the judgments with their evidence, and open a judge's report.
 */
export default async function JudgingPage({ params, searchParams }: Props) {
  await requirePageUser("evaluate");
  const { id } = await params;
  const page = await loadJudgingPage(id, await searchParams);
  const { set } = page;
  const policy = policyText[set.modelJudgments] ?? set.modelJudgments;
  const reportHref = (judgeId: string) => `/sets/${id}/judging/${judgeId}`;
  return (
    <>
      <PageHeader
        breadcrumbs={setBreadcrumbs(set)}
        title="Judging"
        description={
          <>
            An LLM judge grades the top results of runs and must quote its evidence. Its judgments stay apart
            from people's: on this set they are {policy} (
            <Link href={`/sets/${id}#judgment-policy`} className="font-medium text-zinc-700 hover:underline">
              change it on the set
            </Link>
            ).
          </>
        }
        actions={
          page.filterJudges.length > 0 ? (
            <ButtonLink
              href={reportHref(page.filterJudges[0]?.id ?? "")}
              data-testid="judge-report-header-link"
            >
              Report of {page.filterJudges[0]?.name} v{page.filterJudges[0]?.version}
            </ButtonLink>
          ) : null
        }
      />
      <div className="mb-5 grid items-start gap-5 xl:grid-cols-[24rem_minmax(0,1fr)]">
        <StartJudgingCard setId={id} judges={page.judges} runs={page.finishedRuns} />
        <JudgingJobsCard
          jobs={page.jobs}
          runLabel={page.runLabel}
          reportHref={reportHref}
          controls={(job) => jobControls(id, job)}
        />
      </div>
      <JudgmentsCard
        setId={id}
        params={page.params}
        judgments={page.judgments}
        grades={set.gradeScale}
        judges={page.filterJudges}
      />
    </>
  );
}
