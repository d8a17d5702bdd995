import { memo, type Ref, useMemo } from "react";
import { cx } from "@/components/ui/cx";
import { gradeLabel, gradeTone, markClassByTone } from "./grade-tones";
import { type Highlight, segmentGrade, splitIntoSegments } from "./text-segments";
import type { GradeLevel, LabelView } from "./types";

type DocumentViewProps = {
  text: string;
  /** Labels of this document; only those with a span are highlighted. */
  labels: LabelView[];
  gradeScale: GradeLevel[];
  /** A label to outline (hovered or focused in the label list). */
  activeLabelId: string | null;
  containerRef: Ref<HTMLElement>;
};

function highlightsOf(labels: LabelView[]): Highlight[] {
  const highlights: Highlight[] = [];
  for (const label of labels) {
    if (label.start === null || label.end === null || label.state === "orphaned") continue;
    highlights.push({ id: label.id, start: label.start, end: label.end, grade: label.grade });
  }
  return highlights;
}

/**
 * The document text as segments carrying `data-start` (see selection-offsets.ts), with quote
 * labels drawn as marks. Memoized so that state changes around it keep the DOM — and with it
 * the user's selection — intact.
 */
export const DocumentView = memo(function DocumentView({
  text,
  labels,
  gradeScale,
  activeLabelId,
  containerRef,
}: DocumentViewProps) {
  const segments = useMemo(() => splitIntoSegments(text.length, highlightsOf(labels)), [text, labels]);
  const labelsById = useMemo(() => new Map(labels.map((label) => [label.id, label])), [labels]);

  return (
    <article
      ref={containerRef}
      data-testid="document-text"
      aria-label="Document text"
      className="max-w-[62ch] whitespace-pre-wrap selection:bg-indigo-200! selection:text-indigo-950! break-words text-[15px] text-zinc-800 leading-[1.7]"
    >
      {segments.map((segment) => {
        const content = text.slice(segment.start, segment.end);
        const grade = segmentGrade(segment);
        if (grade === null) {
          return (
            <span key={segment.start} data-start={segment.start}>
              {content}
            </span>
          );
        }
        const ids = segment.highlights.map((highlight) => highlight.id);
        const title = ids
          .map((id) => labelsById.get(id))
          .filter((label) => label !== undefined)
          .map(
            (label) =>
              `${gradeLabel(label.grade, gradeScale)} · ${label.annotatorName ?? "unknown annotator"}`,
          )
          .join("\n");
        return (
          <mark
            key={segment.start}
            data-start={segment.start}
            data-testid="label-highlight"
            data-label-ids={ids.join(" ")}
            data-grade={grade}
            title={title}
            className={cx(
              "rounded-[2px] border-b-2 text-inherit transition-shadow",
              markClassByTone[gradeTone(grade)],
              activeLabelId !== null && ids.includes(activeLabelId) && "ring-2 ring-brand-500",
            )}
          >
            {content}
          </mark>
        );
      })}
    </article>
  );
});
