import { JobProgress } from "@/components/jobs/job-progress";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { listRecentJobs } from "@/lib/db/jobs";
import { toJobView } from "@/lib/db/jobs";

type RecentJob = Awaited<ReturnType<typeof listRecentJobs>>[number];

/** How many of the most recent jobs are looked at for unfinished imports. */
export const RECENT_JOBS_SCANNED = 50;

/** Imports of `kind` that are still running or failed: what a page shows besides its upload form. */
export function unfinishedImports(jobs: RecentJob[], kind: "import-corpus" | "import-log"): RecentJob[] {
  return jobs.filter((job) => job.kind === kind && job.status !== "succeeded").slice(0, 5);
}

/**
 * Unfinished imports, so that leaving the page during a long import (or coming back after it
 * failed) still shows what happened. Renders nothing when there are none.
 */
export function RecentImports({ jobs, title }: { jobs: RecentJob[]; title: string }) {
  if (jobs.length === 0) return null;
  return (
    <Card>
      <CardHeader title={title} description="Still running, or failed recently." />
      <ul className="divide-y divide-zinc-100">
        {jobs.map((job) => {
          const payload = job.payload as { fileName?: unknown } | null;
          return (
            <li key={job.id} className="px-4 py-2.5">
              <p className="mb-1 truncate text-xs text-zinc-600">
                {typeof payload?.fileName === "string" ? payload.fileName : job.kind}
                {job.createdBy ? <span className="text-zinc-400"> · {job.createdBy.name}</span> : null}
              </p>
              <JobProgress jobId={job.id} initial={toJobView(job)} compact />
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** In place of an import form, for a role that may not import (annotators). */
export function ImportRoleNote({ role, what }: { role: string; what: "corpora" | "logs" }) {
  return (
    <Card>
      <CardBody className="text-xs text-zinc-500">
        Your role ({role}) cannot import {what}; admins and engineers can.
      </CardBody>
    </Card>
  );
}
