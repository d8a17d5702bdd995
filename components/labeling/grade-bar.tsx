import type { MouseEvent } from "react";
import { cx } from "@/components/ui/cx";
import { gradeTone, markClassByTone } from "./grade-tones";
import type { GradeLevel } from "./types";

type GradeBarProps = {
  grades: GradeLevel[];
  /** The pressed grade: for new labels, or the selected label's grade. */
  value: number | null;
  /** "label": the bar changes the selected label's grade; "new": the grade of the next label. */
  mode: "new" | "label";
  disabled?: boolean;
  onPick: (grade: number) => void;
};

/** Mouse clicks on the bar must not take the text selection away from the document. */
const keepSelection = (event: MouseEvent) => event.preventDefault();

/** The set's grades as one segmented control, each with its name and its key. */
export function GradeBar({ grades, value, mode, disabled = false, onPick }: GradeBarProps) {
  return (
    <fieldset
      className={cx(
        "inline-flex min-w-0 flex-wrap items-center gap-0.5 rounded-lg border p-0.5",
        mode === "label" ? "border-brand-400 bg-brand-50" : "border-zinc-200 bg-zinc-50",
      )}
      data-testid="grade-bar"
      data-mode={mode}
    >
      <legend className="sr-only">
        {mode === "label" ? "Grade of the selected label" : "Grade for new labels"}
      </legend>
      {grades.map((level) => {
        const pressed = level.grade === value;
        return (
          <button
            key={level.grade}
            type="button"
            aria-pressed={pressed}
            aria-keyshortcuts={level.grade <= 9 ? String(level.grade) : undefined}
            disabled={disabled}
            onMouseDown={keepSelection}
            onClick={() => onPick(level.grade)}
            data-testid={`grade-${level.grade}`}
            title={`${level.name} (key ${level.grade})`}
            className={cx(
              "inline-flex h-7 items-center gap-1.5 rounded-md px-2 text-xs transition-colors",
              "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60",
              pressed
                ? "bg-zinc-900 font-medium text-white shadow-sm"
                : "text-zinc-600 hover:bg-white hover:text-zinc-900",
            )}
          >
            <span
              aria-hidden="true"
              className={cx("size-2.5 shrink-0 rounded-full border", markClassByTone[gradeTone(level.grade)])}
            />
            <span className="whitespace-nowrap">{level.name}</span>
            <span
              aria-hidden="true"
              className={cx(
                "font-mono text-[10px] tabular-nums",
                pressed ? "text-zinc-400" : "text-zinc-400",
              )}
            >
              {level.grade}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}
