import type { RefObject } from "react";
import { type SentenceMove, stepSentenceSelection } from "@/lib/anchor/step-sentence-selection";
import type { SentenceSpan } from "@/lib/text/split-sentences";
import { CORPUS_SEARCH_INPUT_ID } from "./corpus-search";
import { readCaretOffset, readDocumentSelection, selectDocumentText } from "./use-document-selection";

/**
 * Reading and making text selections in the rendered document, for the keyboard: the current
 * selection, and a sentence move from it (or from the caret, or from the candidate's passage).
 */
export function documentTextCommands(options: {
  containerRef: RefObject<HTMLElement | null>;
  text: string;
  sentences: readonly SentenceSpan[];
  /** Where the open candidate's passage starts in the text, if known. */
  passageStart: number | null;
}) {
  const { containerRef, text, sentences, passageStart } = options;

  function currentSelection() {
    return readDocumentSelection(containerRef.current, text);
  }

  /** Applies a sentence move; false when there was nothing to move to. */
  function step(move: SentenceMove): boolean {
    const container = containerRef.current;
    if (!container) return false;
    const selection = currentSelection();
    const anchor = selection ? null : (readCaretOffset(container, text) ?? passageStart);
    const next = stepSentenceSelection({ sentences, selection, anchor, move });
    return next !== null && selectDocumentText(container, next);
  }

  return { currentSelection, step };
}

/** Scrolls a label's highlight into the middle of the document pane and its list item into view. */
export function revealLabel(container: HTMLElement | null, labelId: string) {
  const id = CSS.escape(labelId);
  container
    ?.querySelector(`[data-label-ids~="${id}"]`)
    ?.scrollIntoView({ block: "center", behavior: "smooth" });
  document.querySelector(`[data-label-id="${id}"]`)?.scrollIntoView({ block: "nearest" });
}

/** Focuses the corpus search, else the page's first search box; false when none. */
export function focusSearchBox(): boolean {
  const search =
    document.getElementById(CORPUS_SEARCH_INPUT_ID) ??
    document.querySelector<HTMLElement>('input[type="search"]');
  search?.focus();
  return search !== null;
}
