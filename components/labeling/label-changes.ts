import type { Dispatch } from "react";
import type { ActionState } from "@/lib/http/action-state";
import type { LabelPatch } from "./label-order";
import { truncateMiddle } from "./quote-preview";
import type { LabelActions, LabelView } from "./types";
import { nextUndo, type UndoStack, type UndoStackAction, undoneMessage } from "./undo-stack";
import type { Notice, useLabelingActions } from "./use-labeling-actions";

/** What changing a label and undoing need of the workspace's label commands (use-label-commands.ts). */
export type LabelChangeContext = {
  actions: LabelActions;
  run: ReturnType<typeof useLabelingActions>["run"];
  /** Shows a change at once (optimistic) … */
  patchLabels: (patch: LabelPatch<LabelView>) => void;
  /** … and keeps it once the server confirmed it. */
  confirm: (patch: LabelPatch<LabelView>) => void;
  /** The labels deletions removed, by id, to show again when a restore brings one back. */
  deleted: Map<string, LabelView>;
  onQueryStatus: (status: string) => void;
  gradeName: (grade: number) => string;
  setNotice: (notice: Notice | null) => void;
  undoStack: UndoStack;
  dispatchUndo: Dispatch<UndoStackAction>;
};

/** How a notice names a label: its quote, or "the whole document". */
function describeLabel(label: Pick<LabelView, "exact">): string {
  return label.exact === null ? "the whole document" : `“${truncateMiddle(label.exact, 60)}”`;
}

/** Changes a label's grade, shown at once; the change can be undone. */
export function regradeLabel(context: LabelChangeContext, label: LabelView, grade: number): void {
  if (label.grade === grade) return;
  const what = describeLabel(label);
  context.run(() => context.actions.changeLabelGrade({ labelId: label.id, grade }), {
    optimistic: () => context.patchLabels({ kind: "regrade", labelId: label.id, grade }),
    success: {
      tone: "success",
      message: `Grade changed to ${context.gradeName(grade)}: ${what}.`,
      undoable: true,
    },
    onSuccess: (data) => {
      context.confirm({ kind: "regrade", labelId: label.id, grade });
      const from = data?.previousGrade ?? label.grade;
      context.dispatchUndo({
        type: "push",
        entry: { kind: "regraded", labelId: label.id, what, from, to: grade },
      });
    },
  });
}

/** Deletes a label, gone at once; undo restores it from its history. */
export function removeLabel(context: LabelChangeContext, label: LabelView): void {
  const what = describeLabel(label);
  context.run(() => context.actions.deleteLabel({ labelId: label.id }), {
    optimistic: () => context.patchLabels({ kind: "remove", labelId: label.id }),
    success: { tone: "success", message: `Label deleted: ${what}`, undoable: true },
    onSuccess: () => {
      context.confirm({ kind: "remove", labelId: label.id });
      context.deleted.set(label.id, label);
      context.dispatchUndo({ type: "push", entry: { kind: "deleted", labelId: label.id, what } });
    },
  });
}

/**
 * Undoes the annotator's last label write on this query (`u`): a new label is deleted again, a
 * grade change reverted (both shown at once), a deletion restored from the label's history (shown
 * once the server brought it back, as it was). An undo that fails forgets the label's entries.
 */
export function undoLastWrite(context: LabelChangeContext): void {
  const { actions, patchLabels, confirm, dispatchUndo } = context;
  const entry = nextUndo(context.undoStack);
  if (!entry) {
    context.setNotice({ tone: "warning", message: "Nothing to undo on this query." });
    return;
  }
  dispatchUndo({ type: "pop" });
  const { labelId } = entry;
  const restored = entry.kind === "deleted" ? context.deleted.get(labelId) : undefined;
  const patch: LabelPatch<LabelView> | null =
    entry.kind === "created"
      ? { kind: "remove", labelId }
      : entry.kind === "regraded"
        ? { kind: "regrade", labelId, grade: entry.from }
        : restored
          ? { kind: "put", label: restored }
          : null;
  const action: () => Promise<ActionState<unknown>> =
    entry.kind === "created"
      ? () => actions.deleteLabel({ labelId })
      : entry.kind === "regraded"
        ? () => actions.changeLabelGrade({ labelId, grade: entry.from })
        : () => actions.undoDeleteLabel({ labelId });
  context.run(action, {
    optimistic: () => {
      if (patch && patch.kind !== "put") patchLabels(patch);
    },
    success: undoneMessage(entry, context.gradeName),
    onSuccess: (data) => {
      if (patch) confirm(patch);
      const status = queryStatusOf(data);
      if (status) context.onQueryStatus(status);
    },
    onError: () => dispatchUndo({ type: "forget", labelId }),
  });
}

/** The query's status an undo's answer carries (only a restore's does). */
function queryStatusOf(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null || !("queryStatus" in data)) return undefined;
  return typeof data.queryStatus === "string" ? data.queryStatus : undefined;
}
