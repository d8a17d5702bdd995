import type { ComponentProps, Ref } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { DocumentView } from "./document-view";
import { gradeLabel, gradeTone } from "./grade-tones";
import { LabelToolbar } from "./label-toolbar";
import type { GradeLevel, LabelView, OpenDocument } from "./types";
import type { Notice } from "./use-labeling-actions";

type DocumentPanelProps = {
  document: OpenDocument;
  /** Labels of this document (quote and whole-document ones). */
  labels: LabelView[];
  gradeScale: GradeLevel[];
  activeLabelId: string | null;
  containerRef: Ref<HTMLElement>;
  toolbar: Omit<ComponentProps<typeof LabelToolbar>, "text">;
  notice: Notice | null;
  onDismissNotice: () => void;
};

/** The open document: a sticky labeling toolbar, its title, and the highlighted text. */
export function DocumentPanel(props: DocumentPanelProps) {
  const { document, labels, gradeScale, notice } = props;
  const wholeDocumentLabels = labels.filter((label) => label.exact === null && label.start === null);
  return (
    <>
      <div className="sticky top-0 z-10 space-y-2 rounded-t-lg border-zinc-100 border-b bg-white/95 px-4 py-2.5 backdrop-blur">
        <LabelToolbar {...props.toolbar} text={document.text} />
        {notice ? (
          <Alert
            tone={notice.tone}
            data-testid="labeling-notice"
            compact
            actions={
              <button
                type="button"
                onClick={props.onDismissNotice}
                aria-label="Dismiss"
                className="rounded px-1 opacity-60 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                ×
              </button>
            }
          >
            {notice.message}
          </Alert>
        ) : null}
      </div>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-zinc-100 border-b px-6 py-3">
        <h2 className="font-semibold text-base text-zinc-900" data-testid="document-title">
          {document.title || document.externalId}
        </h2>
        <span className="font-mono text-[11px] text-zinc-400">
          {document.externalId} · v{document.version}
        </span>
        {wholeDocumentLabels.map((label) => (
          <Badge key={label.id} tone={gradeTone(label.grade)}>
            Whole document: {gradeLabel(label.grade, gradeScale)}
          </Badge>
        ))}
      </div>
      <div className="px-6 py-5">
        {document.text === "" ? (
          <p className="text-sm text-zinc-500 italic">This document has no text.</p>
        ) : null}
        <DocumentView
          text={document.text}
          labels={labels}
          gradeScale={gradeScale}
          activeLabelId={props.activeLabelId}
          containerRef={props.containerRef}
        />
      </div>
    </>
  );
}
