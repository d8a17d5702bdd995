import { StatusBadge } from "@/components/ui/status-badge";
import {
  archiveRunAction,
  pinBaselineRunAction,
  unarchiveRunAction,
  unpinBaselineRunAction,
} from "./actions";
import { RunActionButton } from "./run-action-button";
import type { RunPageData } from "./run-page-load";
import { RunTrecLink } from "./run-trec-link";

type Props = Pick<RunPageData, "run" | "mayEvaluate" | "isBaseline" | "active">;

export function RunPageActions({ run, mayEvaluate, isBaseline, active }: Props) {
  return (
    <>
      {mayEvaluate && run.status === "succeeded" && !run.archivedAt ? (
        isBaseline ? (
          <RunActionButton
            action={unpinBaselineRunAction.bind(null, run.id)}
            label="Unpin baseline"
            pendingLabel="Unpinning…"
            data-testid="unpin-baseline"
          />
        ) : (
          <RunActionButton
            action={pinBaselineRunAction.bind(null, run.id)}
            label="Pin as baseline"
            pendingLabel="Pinning…"
            data-testid="pin-baseline"
          />
        )
      ) : null}
      {mayEvaluate && !active && !isBaseline ? (
        run.archivedAt ? (
          <RunActionButton
            action={unarchiveRunAction.bind(null, run.id)}
            label="Unarchive"
            pendingLabel="Unarchiving…"
            data-testid="unarchive-run"
          />
        ) : (
          <RunActionButton
            action={archiveRunAction.bind(null, run.id)}
            label="Archive"
            pendingLabel="Archiving…"
            variant="ghost"
            data-testid="archive-run"
          />
        )
      ) : null}
      {run.status === "succeeded" ? <RunTrecLink runId={run.id} /> : null}
      <StatusBadge status={run.status} data-testid="run-status" />
    </>
  );
}
