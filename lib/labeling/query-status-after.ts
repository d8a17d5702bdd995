import { AppError } from "@/lib/errors";
import type { ProgressAction, ProgressState } from "@/lib/labeling/queue-schema";
import type { QueryStatus } from "@/lib/sets/set-schema";

/** The per-annotator progress an action records (null: reopen removes mine). */
export function progressStateOf(action: ProgressAction): ProgressState | null {
  if (action === "done" || action === "no_answer") return "done";
  if (action === "reopen") return null;
  return action;
}

/**
 * The set-level status of a query after one annotator's action (Query.status stays a summary
 * of everyone's work; each annotator's own state is in QueryProgress):
 * - done → `labeled`; refused while the query has no judgment at all (label a passage — grade 0
 *   counts — or say there is no answer in the corpus);
 * - no answer in corpus → `no_answer`; refused when a label already reaches the relevance
 *   threshold (then the corpus does answer it: mark it done);
 * - skip and can't judge → `skipped`, unless someone already closed the query (`labeled` or
 *   `no_answer` stay): a skip says nothing about the others' judgments;
 * - reopen → unchanged while another annotator still has it done; otherwise back to
 *   `in_progress` with labels, `unlabeled` without.
 */
export function queryStatusAfter(options: {
  action: ProgressAction;
  current: QueryStatus;
  labelCount: number;
  relevantCount: number;
  /** Annotators other than the actor whose progress on the query is `done`. */
  othersDone: number;
}): QueryStatus {
  const { action, current, labelCount, relevantCount, othersDone } = options;
  switch (action) {
    case "done":
      if (labelCount === 0)
        throw new AppError(
          "bad_request",
          "Nothing is judged on this query yet: label a passage (0 “not relevant” counts) or mark it “No answer in corpus”.",
        );
      return "labeled";
    case "no_answer":
      if (relevantCount > 0)
        throw new AppError(
          "bad_request",
          "A label on this query is relevant, so the corpus does answer it: mark it done instead.",
        );
      return "no_answer";
    case "skipped":
    case "cannot_judge":
      return current === "labeled" || current === "no_answer" ? current : "skipped";
    case "reopen":
      if (othersDone > 0) return current;
      return labelCount > 0 ? "in_progress" : "unlabeled";
  }
}

/** The status of a query once a label is added to it: a first label moves an unlabeled query to in progress. */
export function queryStatusAfterNewLabel(current: string): string {
  return current === "unlabeled" ? "in_progress" : current;
}
