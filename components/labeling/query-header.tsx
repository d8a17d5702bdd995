import { type Ref, useImperativeHandle } from "react";
import { HoleBar } from "@/components/queue/hole-bar";
import { LockNotice } from "@/components/queue/lock-notice";
import { NextReason } from "@/components/queue/next-reason";
import { QueryDetails } from "@/components/queue/query-details";
import { ReasonForm } from "@/components/queue/reason-form";
import type { QueryFlowHandle, QueryFlowProps } from "@/components/queue/types";
import { useQueryFlow } from "@/components/queue/use-query-flow";
import { Badge } from "@/components/ui/badge";
import { StatusBadge } from "@/components/ui/status-badge";
import { QueryNav } from "./query-nav";
import { QueryStatusActions } from "./query-status-actions";
import type { LabelingWorkspaceProps } from "./types";

type QueryHeaderProps = {
  query: LabelingWorkspaceProps["query"];
  flow: QueryFlowProps;
  /** A label write is in flight: no status change meanwhile. */
  pending: boolean;
  /** The query's status changed here (a reopen answers it). */
  onStatus: (status: string) => void;
  /** The workspace's keys (`d`, `s`) reach the header through this handle. */
  ref?: Ref<QueryFlowHandle>;
};

const myStateLabel = {
  done: "You marked it done",
  skipped: "You skipped it",
  cannot_judge: "You can't judge it",
};

/**
 * The query being labeled: its text, information need and notes (editable), status and the
 * annotator's own progress, and what to do next — done, no answer in corpus, skip or can't judge
 * (both ask for a reason), each of which opens the next query needing this annotator. Shows who
 * else has the query open, and the hole walk in "fill holes" mode.
 */
export function QueryHeader({ query, flow, pending, onStatus, ref }: QueryHeaderProps) {
  const { asking, ask, submit, lock, error, dismissError, myProgress, ...state } = useQueryFlow(
    flow,
    query.id,
    onStatus,
  );
  const busy = pending || state.pending;
  useImperativeHandle(ref, () => ({
    request: (status) => {
      if (busy) return;
      if (status === "labeled") submit({ action: "done" });
      else ask("skipped");
    },
  }));
  const mine = myProgress;

  return (
    <header className="rounded-lg border border-zinc-200 bg-white px-4 py-3 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="min-w-0 flex-1">
          <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-zinc-500">
            <span className="tabular-nums" data-testid="query-position">
              Query {query.position} / {query.total}
            </span>
            <StatusBadge status={query.status} data-testid="query-status" />
            {mine ? (
              <Badge tone="neutral" data-testid="my-progress" data-state={mine.state}>
                {myStateLabel[mine.state]}
                {mine.reason && mine.state !== "done" ? `: ${mine.reason}` : ""}
              </Badge>
            ) : null}
          </div>
          <h1
            className="break-words font-semibold text-xl text-zinc-900 tracking-tight"
            data-testid="query-text"
          >
            {query.text}
          </h1>
          {flow.reason ? <NextReason reason={flow.reason} /> : null}
          <QueryDetails informationNeed={query.informationNeed} notes={flow.notes} save={flow.saveDetails} />
        </div>
        <div className="flex flex-col items-end gap-2">
          <QueryNav flow={flow} />
          <QueryStatusActions reopenable={mine !== null} busy={busy} submit={submit} ask={ask} />
        </div>
      </div>
      {asking ? (
        <ReasonForm
          kind={asking}
          pending={busy}
          onCancel={() => ask(null)}
          onSubmit={(reason) => submit({ action: asking, reason })}
        />
      ) : null}
      {error ? (
        <p
          role="alert"
          className="mt-2 flex items-center gap-2 text-xs text-red-700"
          data-testid="progress-error"
        >
          {error}
          <button type="button" className="text-red-500 hover:text-red-800" onClick={dismissError}>
            Dismiss
          </button>
        </p>
      ) : null}
      {lock ? <LockNotice lock={lock} /> : null}
      {flow.hole ? <HoleBar hole={flow.hole} /> : null}
    </header>
  );
}
