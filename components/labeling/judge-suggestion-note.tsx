import { cx } from "@/components/ui/cx";
import { Kbd } from "@/components/ui/kbd";
import { readSuggestion, type SuggestionView } from "@/lib/labeling/judge-suggestions";
import { truncateMiddle } from "./quote-preview";
import type { GradeLevel } from "./types";

/**
 * Above the open document: what the judge suggests for it — grade, quote (highlighted in the
 * text), reason — and how to take it (A) or why it cannot be taken.
 */
export function JudgeSuggestionNote({
  suggestion,
  gradeScale,
}: {
  suggestion: SuggestionView;
  gradeScale: GradeLevel[];
}) {
  const reading = readSuggestion(suggestion, gradeScale);
  return (
    <div
      className={cx(
        "flex items-start gap-2 rounded-md border px-2.5 py-1.5 text-xs",
        reading.acceptable ? "border-violet-200 bg-violet-50/60" : "border-zinc-200 bg-zinc-50",
      )}
      data-testid="judge-suggestion-note"
    >
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="text-zinc-900">
          <span className={cx("font-medium", reading.acceptable ? "text-violet-800" : "line-through")}>
            {reading.chip}
          </span>
          {reading.flag ? <span className="ml-1.5 text-red-700">{reading.flag}</span> : null}
        </p>
        {suggestion.quote ? (
          <p className={cx("text-zinc-600", reading.acceptable ? null : "line-through")}>
            “{truncateMiddle(suggestion.quote, 160)}”
          </p>
        ) : null}
        {suggestion.reason ? (
          <p className="text-zinc-500" data-testid="judge-suggestion-reason">
            {suggestion.reason}
          </p>
        ) : null}
      </div>
      {reading.acceptable ? (
        <span className="shrink-0 whitespace-nowrap text-[11px] text-zinc-500">
          <Kbd>A</Kbd> accept
        </span>
      ) : null}
    </div>
  );
}
