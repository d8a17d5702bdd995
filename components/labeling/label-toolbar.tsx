import type { MouseEvent } from "react";
import { Button } from "@/components/ui/button";
import { Kbd } from "@/components/ui/kbd";
import { GradeBar } from "./grade-bar";
import { gradeName } from "./grade-tones";
import { countOccurrences, truncateMiddle } from "./quote-preview";
import type { GradeLevel, LabelView } from "./types";
import type { DocumentSelection } from "./use-document-selection";

type LabelToolbarProps = {
  /** The set's grades, 0 ("not relevant") included when the scale has it. */
  grades: GradeLevel[];
  /** The grade new labels get. */
  grade: number;
  onGrade: (grade: number) => void;
  /** A label picked in the list (no text selected): the grade bar then changes its grade. */
  selectedLabel: LabelView | null;
  onRegrade: (grade: number) => void;
  onDeselectLabel: () => void;
  selection: DocumentSelection | null;
  /** The open document's text, to warn when the selected quote is not distinctive. */
  text: string;
  pending: boolean;
  onLabelSelection: () => void;
  onLabelDocument: () => void;
  onClearSelection: () => void;
};

/** Mouse clicks on the toolbar must not take the text selection away from the document. */
const keepSelection = (event: MouseEvent) => event.preventDefault();

/** The grade bar, the two ways to label, and what a key press would act on right now. */
export function LabelToolbar(props: LabelToolbarProps) {
  const { grades, grade, selection, selectedLabel, text, pending } = props;
  const editing = selectedLabel !== null && selection === null;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <GradeBar
          grades={grades}
          value={editing ? selectedLabel.grade : grade}
          mode={editing ? "label" : "new"}
          disabled={editing && (!selectedLabel.mayChange || pending)}
          onPick={editing ? props.onRegrade : props.onGrade}
        />
        <div className="ml-auto flex items-center gap-1.5">
          <Button
            size="sm"
            onMouseDown={keepSelection}
            onClick={props.onLabelDocument}
            disabled={pending}
            aria-keyshortcuts="w"
            title="Judge the whole document with the current grade (once per document; again changes its grade)"
            data-testid="label-document"
          >
            Whole document <Kbd>W</Kbd>
          </Button>
          <Button
            size="sm"
            variant="primary"
            onMouseDown={keepSelection}
            onClick={props.onLabelSelection}
            disabled={pending || !selection}
            aria-keyshortcuts="l"
            data-testid="label-selection"
          >
            Label selection <Kbd tone="dark">L</Kbd>
          </Button>
        </div>
      </div>
      <Status {...props} text={text} />
    </div>
  );
}

function Status(props: LabelToolbarProps) {
  const { selection, selectedLabel, text } = props;
  if (selection) {
    const occurrences = countOccurrences(text, selection.quote);
    return (
      <div
        className="flex items-start gap-3 rounded-md border border-brand-200 bg-brand-50/70 px-2.5 py-1 text-xs"
        data-testid="selection-preview"
        aria-live="polite"
      >
        <div className="min-w-0 flex-1">
          <span className="font-medium text-zinc-700 tabular-nums" data-testid="selection-length">
            {selection.end - selection.start} chars
          </span>
          <span className="text-zinc-400"> · </span>
          <q className="text-zinc-800">{truncateMiddle(selection.quote, 160)}</q>
          {occurrences > 1 ? (
            <p className="mt-0.5 text-brand-700">
              Occurs {occurrences}× in this document — context will be stored to tell them apart.
            </p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={props.onClearSelection}
          className="shrink-0 rounded text-zinc-500 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          Clear <Kbd>Esc</Kbd>
        </button>
      </div>
    );
  }
  if (selectedLabel) {
    const what = selectedLabel.exact === null ? "whole-document label" : "label";
    return (
      <div
        className="flex items-center gap-3 rounded-md border border-brand-300 bg-brand-50 px-2.5 py-1 text-xs"
        data-testid="selected-label-bar"
        aria-live="polite"
      >
        <p className="min-w-0 flex-1 truncate text-zinc-700">
          <span className="font-medium text-zinc-900">
            Selected {what}: {gradeName(selectedLabel.grade, props.grades)}
          </span>
          {selectedLabel.exact !== null ? (
            <>
              {" "}
              · <q>{truncateMiddle(selectedLabel.exact, 80)}</q>
            </>
          ) : null}
          {selectedLabel.mayChange ? (
            <span className="text-zinc-500"> — a grade key changes it, X deletes it</span>
          ) : (
            <span className="text-zinc-500"> — another annotator’s label: you can look, not change it</span>
          )}
        </p>
        <button
          type="button"
          onClick={props.onDeselectLabel}
          className="shrink-0 rounded text-zinc-500 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          Let go <Kbd>Esc</Kbd>
        </button>
      </div>
    );
  }
  return (
    <p className="py-1 text-xs text-zinc-500">
      Select the phrase that answers the query — drag with the mouse, or press <Kbd>)</Kbd> for a sentence and{" "}
      <Kbd>]</Kbd> to extend it — then <Kbd>L</Kbd>. <Kbd>?</Kbd> lists every key.
    </p>
  );
}
