import { memo, type Ref, useMemo } from "react";
import { cx } from "@/components/ui/cx";
import { DocumentBlock } from "@/components/ui/document-block";
import { gradeLabel, gradeTone, markClassByTone } from "./grade-tones";
import {
  type Highlight,
  segmentGrade,
  segmentSuggested,
  splitIntoBlocks,
  type TextSegment,
} from "./text-segments";
import type { GradeLevel, LabelView } from "./types";

type DocumentViewProps = {
  text: string;
  /** Labels of this document; only those with a span are highlighted. */
  labels: LabelView[];
  gradeScale: GradeLevel[];
  /** A label to outline (hovered or focused in the label list). */
  activeLabelId: string | null;
  containerRef: Ref<HTMLElement>;
  /** The judge's quote for this document (its suggestion), outlined apart from the labels. */
  suggestedSpan?: { start: number; end: number } | null;
};

/** The id of the judge's quote among the highlights (no label has it). */
const SUGGESTION_ID = "judge-suggestion";

function highlightsOf(labels: LabelView[], suggestedSpan: DocumentViewProps["suggestedSpan"]): Highlight[] {
  const highlights: Highlight[] = [];
  if (suggestedSpan) highlights.push({ id: SUGGESTION_ID, ...suggestedSpan, grade: 0, suggested: true });
  for (const label of labels) {
    if (label.start === null || label.end === null || label.state === "orphaned") continue;
    highlights.push({ id: label.id, start: label.start, end: label.end, grade: label.grade });
  }
  return highlights;
}

type SegmentProps = {
  text: string;
  segment: TextSegment;
  labelsById: Map<string, LabelView>;
  gradeScale: GradeLevel[];
  activeLabelId: string | null;
};

/** One segment: plain text, or a mark for the labels that cover it. */
function Segment({ text, segment, labelsById, gradeScale, activeLabelId }: SegmentProps) {
  const content = text.slice(segment.start, segment.end);
  const grade = segmentGrade(segment);
  const suggested = segmentSuggested(segment);
  // The judge's quote: a dashed violet underline (a label's mark keeps its grade colour above it).
  const suggestedClass = "border-b-2 border-dashed border-violet-500";
  if (grade === null && suggested) {
    return (
      <mark
        data-start={segment.start}
        data-testid="judge-quote-highlight"
        title="The judge's quote"
        className={cx("rounded-[2px] bg-violet-100/70 text-inherit", suggestedClass)}
      >
        {content}
      </mark>
    );
  }
  if (grade === null) return <span data-start={segment.start}>{content}</span>;
  const ids = segment.highlights.filter((highlight) => !highlight.suggested).map((highlight) => highlight.id);
  const title = ids
    .map((id) => labelsById.get(id))
    .filter((label) => label !== undefined)
    .map((label) => `${gradeLabel(label.grade, gradeScale)} · ${label.annotatorName ?? "unknown annotator"}`)
    .join("\n");
  return (
    <mark
      data-start={segment.start}
      data-testid="label-highlight"
      data-label-ids={ids.join(" ")}
      data-grade={grade}
      title={title}
      className={cx(
        "rounded-[2px] border-b-2 text-inherit transition-shadow",
        markClassByTone[gradeTone(grade)],
        activeLabelId !== null && ids.includes(activeLabelId) && "ring-2 ring-brand-500",
        suggested && suggestedClass,
      )}
      data-suggested={suggested ? "true" : undefined}
    >
      {content}
    </mark>
  );
}

/**
 * The document text in blocks — prose, or tables kept in columns (DocumentBlock) — made of
 * segments carrying `data-start` (see selection-offsets.ts), with quote labels drawn as marks.
 * Blocks carry `data-start` too; they add no character, so the DOM text is the document text.
 * Memoized so that state changes around it keep the DOM — and with it the user's selection —
 * intact.
 */
export const DocumentView = memo(function DocumentView({
  text,
  labels,
  gradeScale,
  activeLabelId,
  containerRef,
  suggestedSpan,
}: DocumentViewProps) {
  const blocks = useMemo(
    () => splitIntoBlocks(text, highlightsOf(labels, suggestedSpan)),
    [text, labels, suggestedSpan],
  );
  const labelsById = useMemo(() => new Map(labels.map((label) => [label.id, label])), [labels]);

  return (
    <article
      ref={containerRef}
      data-testid="document-text"
      aria-label="Document text"
      className="selection:bg-indigo-200! selection:text-indigo-950! text-[15px] text-zinc-800 leading-[1.7]"
    >
      {blocks.map((block) => (
        <DocumentBlock
          key={block.start}
          data-start={block.start}
          tabular={block.tabular}
          className={block.tabular ? "my-0.5 text-[13px]" : "max-w-[62ch]"}
        >
          {block.segments.map((segment) => (
            <Segment
              key={segment.start}
              text={text}
              segment={segment}
              labelsById={labelsById}
              gradeScale={gradeScale}
              activeLabelId={activeLabelId}
            />
          ))}
        </DocumentBlock>
      ))}
    </article>
  );
});
