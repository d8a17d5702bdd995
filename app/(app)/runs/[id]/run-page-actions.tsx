import type { ButtonVariant } from "@/components/ui/button";
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

type RunAction = {
  action: typeof pinBaselineRunAction;
  label: string;
  pendingLabel: string;
  testId: string;
  variant?: ButtonVariant;
};

// each pair undoes the other: the page shows the one that applies to the run as it is
const pin: RunAction = {
  action: pinBaselineRunAction,
  label: "Pin as baseline",
  pendingLabel: "Pinning…",
  testId: "pin-baseline",
};
const unpin: RunAction = {
  action: unpinBaselineRunAction,
  label: "Unpin baseline",
  pendingLabel: "Unpinning…",
  testId: "unpin-baseline",
};
const archive: RunAction = {
  action: archiveRunAction,
  label: "Archive",
  pendingLabel: "Archiving…",
  testId: "archive-run",
  variant: "ghost",
};
const unarchive: RunAction = {
  action: unarchiveRunAction,
  label: "Unarchive",
  pendingLabel: "Unarchiving…",
  testId: "unarchive-run",
};

function RunButton({ runId, button }: { runId: string; button: RunAction }) {
  return (
    <RunActionButton
      action={button.action.bind(null, runId)}
      label={button.label}
      pendingLabel={button.pendingLabel}
      variant={button.variant}
      data-testid={button.testId}
    />
  );
}

export function RunPageActions({ run, mayEvaluate, isBaseline, active }: Props) {
  return (
    <>
      {mayEvaluate && run.status === "succeeded" && !run.archivedAt ? (
        <RunButton runId={run.id} button={isBaseline ? unpin : pin} />
      ) : null}
      {mayEvaluate && !active && !isBaseline ? (
        <RunButton runId={run.id} button={run.archivedAt ? unarchive : archive} />
      ) : null}
      {run.status === "succeeded" ? <RunTrecLink runId={run.id} /> : null}
      <StatusBadge status={run.status} data-testid="run-status" />
    </>
  );
}
