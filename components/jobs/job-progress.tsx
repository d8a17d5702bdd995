"use client";

import { useRouter } from "next/navigation";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { cx } from "@/components/ui/cx";
import { ProgressBar, type ProgressTone } from "@/components/ui/progress-bar";
import { StatusBadge } from "@/components/ui/status-badge";
import { isTerminal, type JobView, parseJobView } from "@/lib/jobs/job-view";
import { pollDelay } from "./poll-delay";

type JobProgressProps = {
  jobId: string;
  /** The job as the server rendered it; polling starts from here (and is skipped if it is finished). */
  initial?: JobView;
  compact?: boolean;
  /** Called once when the job reaches succeeded or failed while this component watches it. */
  onSettled?: (job: JobView) => void;
};

const tones: Record<JobView["status"], ProgressTone> = {
  queued: "neutral",
  running: "amber",
  succeeded: "green",
  failed: "red",
  paused: "amber",
  cancelled: "neutral",
};

/**
 * Live progress of a background job. Polls `/api/jobs/<id>` every 700 ms while it is queued
 * or running, then refreshes the page once so server-rendered results appear.
 */
export function JobProgress({ jobId, initial, compact = false, onSettled }: JobProgressProps) {
  const router = useRouter();
  const [job, setJob] = useState<JobView | null>(initial ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  // A job already finished when rendered needs no refresh: the page already shows its outcome.
  const settled = useRef(initial ? isTerminal(initial.status) : false);

  const settle = useEffectEvent((snapshot: JobView) => {
    if (settled.current) return;
    settled.current = true;
    onSettled?.(snapshot);
    router.refresh();
  });

  const initiallyFinished = initial ? isTerminal(initial.status) : false;
  useEffect(() => {
    if (initiallyFinished) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const controller = new AbortController();

    const poll = async () => {
      try {
        const response = await fetch(`/api/jobs/${encodeURIComponent(jobId)}`, {
          cache: "no-store",
          signal: controller.signal,
        });
        const snapshot = parseJobView(await response.json().catch(() => null));
        if (!response.ok || !snapshot) {
          if (response.status === 404) {
            setProblem("This job no longer exists.");
            return;
          }
          throw new Error(`HTTP ${response.status}`);
        }
        failures = 0;
        setProblem(null);
        setJob(snapshot);
        if (isTerminal(snapshot.status)) {
          settle(snapshot);
          return;
        }
      } catch {
        if (controller.signal.aborted) return;
        failures++;
        setProblem("Lost contact with the server; retrying…");
      }
      timer = setTimeout(poll, pollDelay(failures));
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [jobId, initiallyFinished]);

  const status = job?.status ?? "queued";
  const label = job?.message || (status === "queued" ? "Waiting to start…" : "Working…");
  return (
    <div data-testid="job-progress" data-status={status} className={cx(compact ? "space-y-1" : "space-y-2")}>
      {compact ? null : (
        <div className="flex items-center gap-2 text-xs">
          <StatusBadge status={status} />
          {job ? <span className="text-zinc-500">{job.kind}</span> : null}
        </div>
      )}
      <ProgressBar
        value={status === "succeeded" ? 1 : (job?.progress ?? 0)}
        label={label}
        tone={tones[status]}
        showPercent={status !== "failed"}
      />
      {status === "failed" ? (
        <Alert tone="error" title="The job failed" compact={compact} data-testid="job-error">
          {job?.error ?? "No error message was recorded."}
        </Alert>
      ) : null}
      {problem ? <p className="text-xs text-zinc-500">{problem}</p> : null}
    </div>
  );
}
