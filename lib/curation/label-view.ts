import { storedQuoteSelector } from "@/lib/anchor/create-quote-selector";
import type { AnchorState } from "@/lib/anchor/label-state";
import { resolveQuote } from "@/lib/anchor/resolve-quote";
import { mayChangeLabel } from "@/lib/auth/roles";

/** A label as the labeling workspace shows it to the signed-in person (its page and its actions' answers). */
export type LabelView = {
  id: string;
  documentId: string;
  externalId: string;
  /** The quote; null for a document-level label. */
  exact: string | null;
  /** UTF-16 offsets into the current text of the document, end exclusive; null when unknown. */
  start: number | null;
  end: number | null;
  grade: number;
  annotatorName: string | null;
  /** Whether the signed-in user may change its grade and delete it (their own, or an adjudicator). */
  mayChange: boolean;
  /** The signed-in user's own label (absent: treated as not theirs). */
  mine?: boolean;
  /** An adjudicator's decision on a disagreement: it alone counts for its document (README, "Which judgments count"). */
  adjudicated?: boolean;
  /** The LLM judge (`model:<name>`) whose suggestion the annotator accepted to make it; absent: their own. */
  suggestedBy?: string;
  state?: AnchorState;
};

/** The stored label fields a view is made of (a Label row with its document's id and annotator's name). */
export type LabelForView = {
  id: string;
  documentId: string;
  documentVersion: number;
  exact: string | null;
  prefix: string | null;
  suffix: string | null;
  start: number | null;
  end: number | null;
  grade: number;
  annotatorId: string | null;
  adjudicated: boolean;
  document: { externalId: string };
  annotator: { name: string } | null;
};

/**
 * The view of one label for `viewer`. A quote label on the open document is shown where it
 * resolves in the open version (a label made on an older version may have moved or be lost);
 * labels on other documents keep their stored offsets and carry no state.
 */
export function labelView(options: {
  label: LabelForView;
  viewer: { id: string; role: string };
  openDocument: { id: string; version: number; text: string } | null;
  /** The judge whose accepted suggestion made the label (lib/db/label-events findAcceptedSuggestions). */
  suggestedBy?: string | undefined;
}): LabelView {
  const { label, openDocument } = options;
  let span: { start: number | null; end: number | null } = { start: label.start, end: label.end };
  let state: AnchorState | undefined;
  const selector = storedQuoteSelector(label);
  if (openDocument && label.documentId === openDocument.id && selector) {
    const anchor = resolveQuote({
      text: openDocument.text,
      selector,
      sameVersion: label.documentVersion === openDocument.version,
    });
    state = anchor.state;
    span = "start" in anchor ? { start: anchor.start, end: anchor.end } : { start: null, end: null };
  }
  return {
    id: label.id,
    documentId: label.documentId,
    externalId: label.document.externalId,
    exact: label.exact,
    start: span.start,
    end: span.end,
    grade: label.grade,
    annotatorName: label.annotator?.name ?? null,
    mayChange: mayChangeLabel(options.viewer, label),
    mine: label.annotatorId === options.viewer.id,
    adjudicated: label.adjudicated,
    ...(options.suggestedBy ? { suggestedBy: options.suggestedBy } : {}),
    ...(state ? { state } : {}),
  };
}
