import { Badge, type BadgeTone } from "./badge";

/** Tone and wording for the statuses of queries, runs and jobs. Unknown statuses render neutral. */
const statuses: Record<string, { tone: BadgeTone; label: string }> = {
  // queries
  unlabeled: { tone: "neutral", label: "Unlabeled" },
  in_progress: { tone: "amber", label: "In progress" },
  labeled: { tone: "green", label: "Labeled" },
  skipped: { tone: "neutral", label: "Skipped" },
  no_answer: { tone: "violet", label: "No answer in corpus" },
  // runs and jobs
  queued: { tone: "neutral", label: "Queued" },
  running: { tone: "blue", label: "Running" },
  succeeded: { tone: "green", label: "Succeeded" },
  failed: { tone: "red", label: "Failed" },
  canceled: { tone: "neutral", label: "Canceled" },
  // judging jobs
  paused: { tone: "amber", label: "Paused" },
  cancelled: { tone: "neutral", label: "Cancelled" },
};

export function StatusBadge({ status, "data-testid": testId }: { status: string; "data-testid"?: string }) {
  const known = statuses[status];
  return (
    <Badge tone={known?.tone ?? "neutral"} data-status={status} data-testid={testId}>
      {known?.label ?? status.replaceAll("_", " ")}
    </Badge>
  );
}
