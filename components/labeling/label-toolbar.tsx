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
    <div className="space-y-1.5">
      <GradeBar
        grades={grades}
        value={editing ? selectedLabel.grade : grade}
        mode={editing ? "label" : "new"}
        disabled={editing && (!selectedLabel.mayChange || pending)}
        onPick={editing ? props.onRegrade : props.onGrade}
      />
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <Status {...props} text={text} />
        </div>
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
  );
}

const statusLine = "flex h-7 items-center gap-2 rounded-md border px-2 text-xs";
const statusButton =
  "inline-flex shrink-0 items-center gap-1 rounded text-zinc-500 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";

/** One line saying what the next key acts on: the selected text, the selected label, or how to start. */
function Status(props: LabelToolbarProps) {
  const { selection, selectedLabel, text } = props;
  if (selection) {
    const occurrences = countOccurrences(text, selection.quote);
    return (
      <div
        className={`${statusLine} border-indigo-200 bg-indigo-50/70`}
        data-testid="selection-preview"
        aria-live="polite"
        title={selection.quote}
      >
        <span className="shrink-0 font-medium text-zinc-700 tabular-nums" data-testid="selection-length">
          {selection.end - selection.start} chars
        </span>
        <q className="min-w-0 flex-1 truncate text-zinc-800">{truncateMiddle(selection.quote, 160)}</q>
        {occurrences > 1 ? (
          <span
            className="shrink-0 text-indigo-700"
            title="This phrase occurs several times; context is stored to tell them apart."
          >
            {occurrences}× in text
          </span>
        ) : null}
        <button
          type="button"
          onClick={props.onClearSelection}
          className={statusButton}
          title="Clear the selection"
        >
          <Kbd>Esc</Kbd>
        </button>
      </div>
    );
  }
  if (selectedLabel) {
    return (
      <div
        className={`${statusLine} border-brand-400 bg-brand-50`}
        data-testid="selected-label-bar"
        aria-live="polite"
        title={
          selectedLabel.mayChange
            ? "A grade key changes its grade; X deletes it."
            : "Another annotator’s label: you can look, not change it."
        }
      >
        <span className="shrink-0 font-medium text-zinc-900">
          {selectedLabel.mayChange ? "Selected label" : "Their label"}:{" "}
          {gradeName(selectedLabel.grade, props.grades)}
        </span>
        <q className="min-w-0 flex-1 truncate text-zinc-600">
          {selectedLabel.exact === null ? "whole document" : truncateMiddle(selectedLabel.exact, 120)}
        </q>
        <button
          type="button"
          onClick={props.onDeselectLabel}
          className={statusButton}
          title="Let go of the label"
        >
          <Kbd>Esc</Kbd>
        </button>
      </div>
    );
  }
  return (
    <p
      className="truncate text-xs text-zinc-500"
      title="Select the passage that answers the query with the mouse, or press ) to select a sentence and ] to extend it; then L labels it. ? lists every key."
    >
      Select by dragging, or <Kbd>)</Kbd> <Kbd>]</Kbd> by sentence
    </p>
  );
}
