import type { ComponentProps, ReactNode, Ref } from "react";
import { Badge } from "@/components/ui/badge";
import { DocumentView } from "./document-view";
import { gradeLabel, gradeTone } from "./grade-tones";
import { LabelToolbar } from "./label-toolbar";
import type { GradeLevel, LabelView, OpenDocument } from "./types";

type DocumentPanelProps = {
  document: OpenDocument;
  /** Labels of this document (quote and whole-document ones). */
  labels: LabelView[];
  gradeScale: GradeLevel[];
  activeLabelId: string | null;
  containerRef: Ref<HTMLElement>;
  toolbar: Omit<ComponentProps<typeof LabelToolbar>, "text">;
  /** Where the open document sits among the candidates ("Candidate 3 of 12"), when it is one. */
  position?: ReactNode;
  /** The judge's suggestion for this document (a note above the toolbar, its quote outlined). */
  suggestion?: { note: ReactNode; quoteSpan: { start: number; end: number } | null } | undefined;
};

/**
 * The open document: its title and the labeling toolbar stay put while the text below scrolls in
 * its own pane, so the grade bar is always at hand.
 */
export function DocumentPanel(props: DocumentPanelProps) {
  const { document, labels, gradeScale } = props;
  const wholeDocumentLabels = labels.filter((label) => label.exact === null && label.start === null);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="shrink-0 space-y-2 border-zinc-200 border-b px-4 pt-2.5 pb-2">
        <div className="flex items-baseline gap-2.5">
          <h2
            className="min-w-0 truncate font-semibold text-[15px] text-zinc-900"
            data-testid="document-title"
            title={document.title || document.externalId}
          >
            {document.title || document.externalId}
          </h2>
          <span className="shrink-0 font-mono text-[11px] text-zinc-400">
            {document.externalId} · v{document.version}
          </span>
          {props.position ? (
            <span className="ml-auto shrink-0 text-[11px] text-zinc-400">{props.position}</span>
          ) : null}
        </div>
        {wholeDocumentLabels.length > 0 ? (
          <div className="flex flex-wrap gap-1.5">
            {wholeDocumentLabels.map((label) => (
              <Badge
                key={label.id}
                tone={gradeTone(label.grade)}
                data-testid="whole-document-badge"
                title={label.annotatorName ?? "unknown annotator"}
              >
                Whole document: {gradeLabel(label.grade, gradeScale)}
                {label.mine ? "" : ` · ${label.annotatorName ?? "unknown annotator"}`}
              </Badge>
            ))}
          </div>
        ) : null}
        {props.suggestion?.note}
        <LabelToolbar {...props.toolbar} text={document.text} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto" data-testid="document-scroll">
        <div className="px-5 py-4">
          {document.text === "" ? (
            <p className="text-sm text-zinc-500 italic">This document has no text.</p>
          ) : null}
          <DocumentView
            text={document.text}
            labels={labels}
            gradeScale={gradeScale}
            activeLabelId={props.activeLabelId}
            containerRef={props.containerRef}
            suggestedSpan={props.suggestion?.quoteSpan ?? null}
          />
        </div>
      </div>
    </div>
  );
}
