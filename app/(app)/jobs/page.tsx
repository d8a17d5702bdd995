import type { Metadata } from "next";
import { Fragment } from "react";
import { JobProgress } from "@/components/jobs/job-progress";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format-date";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listRecentJobs, toJobView } from "@/lib/db/jobs";
import { describeJob, type JobLink } from "@/lib/jobs/describe-job";

export const metadata: Metadata = { title: "Jobs" };

const RECENT_JOBS = 100;

function JobLinkText({ link, className }: { link: JobLink; className: string }) {
  return link.href ? (
    <Link href={link.href} className={`${className} hover:text-zinc-900 hover:underline`}>
      {link.label}
    </Link>
  ) : (
    <span className={className}>{link.label}</span>
  );
}

/** The job's kind, the run, sweep or import it works on, and where that belongs (set, sweep). */
function JobSubject({ described }: { described: ReturnType<typeof describeJob> }) {
  return (
    <div className="min-w-0" data-testid="job-subject">
      <div className="flex min-w-0 items-baseline gap-1.5">
        <span className="shrink-0 text-xs text-zinc-500">{described.kind}</span>
        {described.subject ? (
          <JobLinkText link={described.subject} className="min-w-0 break-words font-medium text-zinc-900" />
        ) : null}
      </div>
      {described.context.length > 0 ? (
        <div
          className="truncate text-xs text-zinc-500"
          title={described.context.map((link) => link.label).join(" · ")}
        >
          {described.context.map((link, index) => (
            <Fragment key={link.label}>
              {index > 0 ? " · " : null}
              <JobLinkText link={link} className="" />
            </Fragment>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function formatDuration(start: Date | null, end: Date | null): string {
  if (!start || !end) return "–";
  const seconds = Math.max(0, (end.getTime() - start.getTime()) / 1000);
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds % 60)} s`;
}

export default async function JobsPage() {
  await requirePageUser();
  const jobs = await listRecentJobs(db(), { take: RECENT_JOBS });

  return (
    <>
      <PageHeader
        title="Jobs"
        description="Imports and evaluation runs run in the background, survive restarts, and are retried up to three times."
      />
      <Card>
        {jobs.length === 0 ? (
          <div className="p-4">
            <EmptyState
              title="No jobs yet"
              description="Importing a corpus or a query log, or evaluating a golden set, starts a background job; it shows up here with its progress."
              action={
                <div className="flex gap-2">
                  <Link href="/corpora" className="font-medium text-xs text-zinc-700 underline">
                    Import a corpus
                  </Link>
                  <Link href="/logs" className="font-medium text-xs text-zinc-700 underline">
                    Import a query log
                  </Link>
                </div>
              }
            />
          </div>
        ) : (
          <Table>
            <THead>
              <tr>
                <Th>Job</Th>
                <Th>Status</Th>
                <Th className="w-[30%]">Progress</Th>
                <Th>Started by</Th>
                <Th>Created</Th>
                <Th numeric>Took</Th>
              </tr>
            </THead>
            <TBody>
              {jobs.map((job) => {
                const described = describeJob(job);
                const active = job.status === "queued" || job.status === "running";
                return (
                  <Tr key={job.id} data-testid="job-row" data-job-status={job.status}>
                    <Td className="min-w-[16rem] max-w-md">
                      <JobSubject described={described} />
                    </Td>
                    <Td>
                      <StatusBadge status={job.status} />
                      {job.attempts > 1 ? (
                        <div className="mt-0.5 text-[11px] text-zinc-500">attempt {job.attempts}</div>
                      ) : null}
                    </Td>
                    <Td>
                      {active ? (
                        <JobProgress jobId={job.id} initial={toJobView(job)} compact />
                      ) : job.status === "failed" ? (
                        <p className="break-words text-xs text-red-700" data-testid="job-error">
                          {job.error ?? "Failed without a message."}
                        </p>
                      ) : (
                        <p className="text-xs text-zinc-600">{job.message}</p>
                      )}
                    </Td>
                    <Td className="text-xs text-zinc-600">{job.createdBy?.name ?? "–"}</Td>
                    <Td className="whitespace-nowrap text-xs text-zinc-500">
                      {formatDateTime(job.createdAt)}
                    </Td>
                    <Td numeric className="text-xs text-zinc-500">
                      {formatDuration(job.startedAt, job.finishedAt)}
                    </Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
        )}
      </Card>
    </>
  );
}
