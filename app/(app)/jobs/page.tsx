import type { Metadata } from "next";
import Link from "next/link";
import { JobProgress } from "@/components/jobs/job-progress";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format-date";
import { PageHeader } from "@/components/ui/page-header";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listRecentJobs, toJobView } from "@/lib/db/jobs";

export const metadata: Metadata = { title: "Jobs" };

const RECENT_JOBS = 100;

const kindLabels: Record<string, string> = {
  "evaluate-run": "Evaluation run",
  "import-corpus": "Corpus import",
  "import-log": "Log import",
};

/** What the job works on, from its payload: a file name, or a link to its run. */
function jobSubject(kind: string, payload: unknown): { label: string; href?: string } | null {
  const fields = (payload ?? {}) as Record<string, unknown>;
  if (kind === "evaluate-run" && typeof fields.runId === "string" && fields.runId) {
    return { label: "Open run", href: `/runs/${fields.runId}` };
  }
  const name = fields.corpusName ?? fields.logName;
  const file = fields.fileName;
  if (typeof name === "string") return { label: typeof file === "string" ? `${name} · ${file}` : name };
  return typeof file === "string" ? { label: file } : null;
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
                <Th className="w-[40%]">Progress</Th>
                <Th>Started by</Th>
                <Th>Created</Th>
                <Th numeric>Took</Th>
              </tr>
            </THead>
            <TBody>
              {jobs.map((job) => {
                const subject = jobSubject(job.kind, job.payload);
                const active = job.status === "queued" || job.status === "running";
                return (
                  <Tr key={job.id} data-testid="job-row" data-job-status={job.status}>
                    <Td>
                      <div className="font-medium text-zinc-900">{kindLabels[job.kind] ?? job.kind}</div>
                      {subject ? (
                        subject.href ? (
                          <Link
                            href={subject.href}
                            className="text-xs text-zinc-500 hover:text-zinc-900 hover:underline"
                          >
                            {subject.label}
                          </Link>
                        ) : (
                          <div className="max-w-xs truncate text-xs text-zinc-500">{subject.label}</div>
                        )
                      ) : null}
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
