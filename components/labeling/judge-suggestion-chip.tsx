import { cx } from "@/components/ui/cx";
import { readSuggestion, type SuggestionView } from "@/lib/labeling/judge-suggestions";
import type { GradeLevel } from "./types";

/**
 * The judge's grade on a candidate: "Judge: 2 · Highly relevant", its reason on hover; an
 * unsupported answer is struck through and flagged, as it never counts.
 */
export function JudgeSuggestionChip({
  suggestion,
  gradeScale,
}: {
  suggestion: SuggestionView;
  gradeScale: GradeLevel[];
}) {
  const reading = readSuggestion(suggestion, gradeScale);
  const title = [suggestion.reason, suggestion.quote ? `Quote: “${suggestion.quote}”` : null, reading.flag]
    .filter(Boolean)
    .join("\n");
  return (
    <span className="mt-1 flex flex-wrap items-baseline gap-x-1.5 pl-7" data-testid="judge-suggestion">
      <span
        title={title || undefined}
        data-status={suggestion.status}
        className={cx(
          "rounded px-1 text-[10px] leading-4 ring-1 ring-inset",
          reading.acceptable
            ? "bg-violet-50 font-medium text-violet-800 ring-violet-200"
            : "bg-zinc-50 text-zinc-500 line-through ring-zinc-200",
        )}
      >
        {reading.chip}
      </span>
      {reading.flag ? (
        <span className="text-[10px] text-red-700" data-testid="judge-suggestion-flag">
          {reading.flag}
        </span>
      ) : null}
    </span>
  );
}
