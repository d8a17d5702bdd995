import { useOptimistic, useReducer, useRef } from "react";
import type { ActionState } from "@/lib/http/action-state";
import { gradeLabel } from "./grade-tones";
import { type LabelChangeContext, regradeLabel, removeLabel, undoLastWrite } from "./label-changes";
import { applyLabelPatch, type LabelPatch, ownLabelOnSpan } from "./label-order";
import { truncateMiddle } from "./quote-preview";
import type { LabelActions, LabelingWorkspaceProps, LabelView, SaveResult } from "./types";
import { type UndoEntry, undoStackReducer } from "./undo-stack";
import { type Notice, useLabelingActions } from "./use-labeling-actions";
import { useServerState } from "./use-server-state";

type Target = { documentId: string; documentVersion: number; grade: number };

/** What a save tells the annotator: a new label, a changed grade, or nothing changed. */
function savedNotice(
  result: SaveResult | undefined,
  what: string,
  grade: number,
  gradeName: (grade: number) => string,
): Notice {
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

/**
 * The label writes of the workspace, each shown at once (optimistic grade changes and deletions)
 * and recorded for undo (`u`): a new label is deleted again, a grade change reverted, a deletion
 * restored from the label's history. The actions answer what they changed (the saved label, the
 * query's status) and the page is not rendered again: their answers are applied to the labels
 * kept here, which start as the page's and follow it when the page is rendered anew.
 */
export function useLabelCommands(options: {
  actions: LabelActions;
  labels: LabelView[];
  gradeScale: LabelingWorkspaceProps["gradeScale"];
  /** The query's status changed (a first label moves it to in progress). */
  onQueryStatus: (status: string) => void;
  /** After every label write that succeeded (the workspace refreshes what only the server knows). */
  afterWrite?: (() => void) | undefined;
}) {
  const { actions, gradeScale, onQueryStatus } = options;
  const { pending, notice, setNotice, run } = useLabelingActions({ afterSuccess: options.afterWrite });
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
  const changes: LabelChangeContext = {
    actions,
    run,
    patchLabels,
    confirm,
    deleted: deleted.current,
    onQueryStatus,
    gradeName,
    setNotice,
    undoStack,
    dispatchUndo,
  };

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
      success: (data) => savedNotice(data, what, target.grade, gradeName),
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
      success: (data) => savedNotice(data, what, target.grade, gradeName),
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
        const notice = savedNotice(data, what, grade, gradeName);
        return { ...notice, message: `${notice.message} (accepted from ${target.judge})` };
      },
      onSuccess: (data) => {
        recordSave(data, what, grade);
        if (data) onSaved(data.labelId);
      },
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
    regrade: (label: LabelView, grade: number) => regradeLabel(changes, label, grade),
    remove: (label: LabelView) => removeLabel(changes, label),
    undo: () => undoLastWrite(changes),
    clearUndo: () => dispatchUndo({ type: "clear" }),
  };
}
