import { useOptimistic, useReducer, useRef } from "react";
import type { ActionState } from "@/lib/http/action-state";
import { gradeLabel } from "./grade-tones";
import { applyLabelPatch, type LabelPatch, ownLabelOnSpan } from "./label-order";
import { truncateMiddle } from "./quote-preview";
import type { LabelingWorkspaceProps, LabelView, SaveResult } from "./types";
import { nextUndo, type UndoEntry, undoneMessage, undoStackReducer } from "./undo-stack";
import { type Notice, useLabelingActions } from "./use-labeling-actions";
import { useServerState } from "./use-server-state";

type Actions = Pick<
  LabelingWorkspaceProps,
  "createLabel" | "createDocumentLabel" | "changeLabelGrade" | "deleteLabel" | "undoDeleteLabel"
>;

type Target = { documentId: string; documentVersion: number; grade: number };

/** How a notice names a label: its quote, or "the whole document". */
export function describeLabel(label: Pick<LabelView, "exact">): string {
  return label.exact === null ? "the whole document" : `“${truncateMiddle(label.exact, 60)}”`;
}

/**
 * The label writes of the workspace, each shown at once (optimistic grade changes and deletions)
 * and recorded for undo (`u`): a new label is deleted again, a grade change reverted, a deletion
 * restored from the label's history. The actions answer what they changed (the saved label, the
 * query's status) and the page is not rendered again: their answers are applied to the labels
 * kept here, which start as the page's and follow it when the page is rendered anew.
 */
export function useLabelCommands(options: {
  actions: Actions;
  labels: LabelView[];
  gradeScale: LabelingWorkspaceProps["gradeScale"];
  /** The query's status changed (a first label moves it to in progress). */
  onQueryStatus: (status: string) => void;
}) {
  const { actions, gradeScale, onQueryStatus } = options;
  const { pending, notice, setNotice, run } = useLabelingActions();
  const [savedLabels, setSavedLabels] = useServerState(options.labels);
  const [labels, patchLabels] = useOptimistic(
    savedLabels,
    (current: LabelView[], patch: LabelPatch<LabelView>) => applyLabelPatch(current, patch),
  );
  const confirm = (patch: LabelPatch<LabelView>) =>
    setSavedLabels((current) => applyLabelPatch(current, patch));
  // what a deletion removed, to show again when its undo restores it (same id and content)
  const deleted = useRef(new Map<string, LabelView>());
  const [undoStack, dispatchUndo] = useReducer(undoStackReducer, []);
  const gradeName = (grade: number) => gradeLabel(grade, gradeScale);

  function savedNotice(result: SaveResult | undefined, what: string, grade: number): Notice {
    const name = gradeName(grade);
    if (result?.outcome === "unchanged")
      return { tone: "success", message: `You had labeled ${what} as ${name} already.` };
    if (result?.outcome === "updated") {
      return {
        tone: "success",
        message: `You had labeled ${what} already: its grade is now ${name}.`,
        undoable: true,
      };
    }
    return { tone: "success", message: `Labeled ${what} as ${name}.`, undoable: true };
  }

  /** Shows the saved label and the query's status, and records the save for undo. */
  function recordSave(result: SaveResult | undefined, what: string, grade: number) {
    if (!result) return;
    confirm({ kind: "put", label: result.label });
    onQueryStatus(result.queryStatus);
    const entry: UndoEntry =
      result.previousGrade === null
        ? { kind: "created", labelId: result.labelId, what }
        : { kind: "regraded", labelId: result.labelId, what, from: result.previousGrade, to: grade };
    if (result.outcome !== "unchanged") dispatchUndo({ type: "push", entry });
  }

  /** Saves a quote label (or changes the grade of the user's label on that very span). */
  function saveQuote(target: Target & { start: number; end: number; quote: string }, onSaved: () => void) {
    const what = `“${truncateMiddle(target.quote, 60)}”`;
    const own = ownLabelOnSpan(labels, { documentId: target.documentId, span: target });
    const { quote: _quote, ...input } = target;
    run(() => actions.createLabel(input), {
      optimistic: () => {
        if (own) patchLabels({ kind: "regrade", labelId: own.id, grade: target.grade });
      },
      success: (data) => savedNotice(data, what, target.grade),
      onSuccess: (data) => {
        recordSave(data, what, target.grade);
        onSaved();
      },
    });
  }

  /** Saves the user's whole-document label: one per document, so saving again changes its grade. */
  function saveDocument(target: Target) {
    const what = "the whole document";
    const own = ownLabelOnSpan(labels, { documentId: target.documentId, span: null });
    run(() => actions.createDocumentLabel(target), {
      optimistic: () => {
        if (own) patchLabels({ kind: "regrade", labelId: own.id, grade: target.grade });
      },
      success: (data) => savedNotice(data, what, target.grade),
      onSuccess: (data) => recordSave(data, what, target.grade),
    });
  }

  /**
   * Makes the judge's suggestion the user's label (`accept` is the bound action): saved, told and
   * undoable like a label they made; `onSaved` gets the label, to select it for the grade keys.
   */
  function acceptSuggestion(
    accept: () => Promise<ActionState<SaveResult & { warning?: string | undefined }>>,
    target: { what: string; grade: number; judge: string },
    onSaved: (labelId: string) => void,
  ) {
    const { what, grade } = target;
    run(accept, {
      success: (data) => {
        const notice = savedNotice(data, what, grade);
        return { ...notice, message: `${notice.message} (accepted from ${target.judge})` };
      },
      onSuccess: (data) => {
        recordSave(data, what, grade);
        if (data) onSaved(data.labelId);
      },
    });
  }

  function regrade(label: LabelView, grade: number) {
    if (label.grade === grade) return;
    const what = describeLabel(label);
    run(() => actions.changeLabelGrade({ labelId: label.id, grade }), {
      optimistic: () => patchLabels({ kind: "regrade", labelId: label.id, grade }),
      success: {
        tone: "success",
        message: `Grade changed to ${gradeName(grade)}: ${what}.`,
        undoable: true,
      },
      onSuccess: (data) => {
        confirm({ kind: "regrade", labelId: label.id, grade });
        dispatchUndo({
          type: "push",
          entry: {
            kind: "regraded",
            labelId: label.id,
            what,
            from: data?.previousGrade ?? label.grade,
            to: grade,
          },
        });
      },
    });
  }

  function remove(label: LabelView) {
    const what = describeLabel(label);
    run(() => actions.deleteLabel({ labelId: label.id }), {
      optimistic: () => patchLabels({ kind: "remove", labelId: label.id }),
      success: { tone: "success", message: `Label deleted: ${what}`, undoable: true },
      onSuccess: () => {
        confirm({ kind: "remove", labelId: label.id });
        deleted.current.set(label.id, label);
        dispatchUndo({ type: "push", entry: { kind: "deleted", labelId: label.id, what } });
      },
    });
  }

  function undo() {
    const entry = nextUndo(undoStack);
    if (!entry) {
      setNotice({ tone: "warning", message: "Nothing to undo on this query." });
      return;
    }
    dispatchUndo({ type: "pop" });
    const { labelId } = entry;
    const restored = entry.kind === "deleted" ? deleted.current.get(labelId) : undefined;
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
    run(action, {
      // a restored label shows once the server brought it back; the other undos at once
      optimistic: () => {
        if (patch && patch.kind !== "put") patchLabels(patch);
      },
      success: undoneMessage(entry, gradeName),
      onSuccess: (data) => {
        if (patch) confirm(patch);
        const status = queryStatusOf(data);
        if (status) onQueryStatus(status);
      },
      onError: () => dispatchUndo({ type: "forget", labelId }),
    });
  }

  return {
    labels,
    pending,
    run,
    notice,
    setNotice,
    canUndo: undoStack.length > 0,
    saveQuote,
    saveDocument,
    acceptSuggestion,
    regrade,
    remove,
    undo,
    clearUndo: () => dispatchUndo({ type: "clear" }),
  };
}

/** The query's status an undo's answer carries (only a restore's does). */
function queryStatusOf(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null || !("queryStatus" in data)) return undefined;
  return typeof data.queryStatus === "string" ? data.queryStatus : undefined;
}
