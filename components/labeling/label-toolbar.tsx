import type { MouseEvent } from "react";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { Kbd } from "@/components/ui/kbd";
import { gradeTone, markClassByTone } from "./grade-tones";
import { countOccurrences, truncateMiddle } from "./quote-preview";
import type { GradeLevel } from "./types";
import type { DocumentSelection } from "./use-document-selection";

type LabelToolbarProps = {
  grades: GradeLevel[];
  grade: number;
  onGrade: (grade: number) => void;
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

export function LabelToolbar(props: LabelToolbarProps) {
  const { grades, grade, onGrade, selection, text, pending } = props;
  const occurrences = selection ? countOccurrences(text, selection.quote) : 0;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="flex items-center gap-1">
          <legend className="sr-only">Grade for new labels</legend>
          {grades.map((level) => (
            <button
              key={level.grade}
              type="button"
              aria-pressed={level.grade === grade}
              aria-keyshortcuts={level.grade <= 9 ? String(level.grade) : undefined}
              onMouseDown={keepSelection}
              onClick={() => onGrade(level.grade)}
              data-testid={`grade-${level.grade}`}
              className={cx(
                "inline-flex h-7 items-center gap-1.5 rounded-md border px-2 text-xs transition-colors",
                "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                level.grade === grade
                  ? "border-zinc-900 bg-zinc-900 text-white"
                  : "border-zinc-200 bg-white text-zinc-700 hover:bg-zinc-50",
              )}
            >
              <span
                aria-hidden="true"
                className={cx("size-2 rounded-full border", markClassByTone[gradeTone(level.grade)])}
              />
              {level.name}
              <span className="text-[10px] tabular-nums opacity-60">{level.grade}</span>
            </button>
          ))}
        </fieldset>
        <div className="ml-auto flex items-center gap-1.5">
          <Button
            size="sm"
            onMouseDown={keepSelection}
            onClick={props.onLabelDocument}
            disabled={pending}
            aria-keyshortcuts="w"
            data-testid="label-document"
          >
            Whole document relevant <Kbd>W</Kbd>
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
      {selection ? (
        <div
          className="flex items-start gap-3 rounded-md border border-brand-200 bg-brand-50/70 px-3 py-1.5 text-xs"
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
      ) : (
        <p className="text-xs text-zinc-500">
          Select a short, distinctive phrase in the text that answers the query, then press <Kbd>L</Kbd>.
        </p>
      )}
    </div>
  );
}
