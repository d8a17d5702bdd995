import { type RefObject, useCallback, useEffect, useState } from "react";
import {
  boundaryToOffset,
  offsetToBoundary,
  rangeToTextOffsets,
  type TextOffsets,
} from "./selection-offsets";

export type DocumentSelection = TextOffsets & { quote: string };

type Stored = DocumentSelection & { sourceText: string };

/** Offsets of the browser's current selection within the rendered text, or null. */
export function readDocumentSelection(container: HTMLElement | null, text: string): DocumentSelection | null {
  const selection = container ? window.getSelection() : null;
  if (!container || !selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!range.intersectsNode(container)) return null;
  const offsets = rangeToTextOffsets(container, range, text);
  return offsets ? { ...offsets, quote: text.slice(offsets.start, offsets.end) } : null;
}

/** The caret's offset in the text when the user clicked into the document (a collapsed selection), or null. */
export function readCaretOffset(container: HTMLElement | null, text: string): number | null {
  const selection = container ? window.getSelection() : null;
  if (!container || !selection || selection.rangeCount === 0 || !selection.isCollapsed) return null;
  const node = selection.anchorNode;
  if (!node || !container.contains(node)) return null;
  return boundaryToOffset(container, node, selection.anchorOffset, text.length);
}

/** A DOM range over text.slice(start, end) of the rendered document, or null where it cannot be placed. */
function textRange(container: HTMLElement, span: TextOffsets): Range | null {
  const from = offsetToBoundary(container, span.start, { start: true });
  const to = offsetToBoundary(container, span.end, { start: false });
  if (!from || !to) return null;
  const range = document.createRange();
  range.setStart(from.node as Node, from.offset);
  range.setEnd(to.node as Node, to.offset);
  return range;
}

/**
 * Selects text.slice(start, end) in the rendered document as the user would with the mouse (the
 * browser selection, so `selectionchange` and the preview follow), and scrolls it into view.
 */
export function selectDocumentText(container: HTMLElement | null, span: TextOffsets): boolean {
  const selection = container ? window.getSelection() : null;
  const range = container && selection ? textRange(container, span) : null;
  if (!container || !selection || !range) return false;
  selection.removeAllRanges();
  selection.addRange(range);
  scrollRangeIntoView(container, range);
  return true;
}

/**
 * Scrolls text.slice(start, end) of the rendered document into view without selecting it — where
 * the best pooled passage of a candidate lies, when the candidate opens.
 */
export function revealDocumentText(container: HTMLElement | null, span: TextOffsets): boolean {
  const range = container ? textRange(container, span) : null;
  if (!container || !range) return false;
  // at once, not smoothly: the document just opened, and a moving text would fight a mouse drag
  scrollRangeIntoView(container, range, "instant");
  return true;
}

/**
 * Inside a block that scrolls sideways (a table kept in columns, DocumentBlock), scrolls it so that
 * the range's start is in view: a hole or passage may start in a column cut off on the right.
 */
function scrollRangeSideways(container: HTMLElement, range: Range, behavior: ScrollBehavior) {
  const node = range.startContainer;
  let block = node instanceof Element ? node : node.parentElement;
  while (
    block &&
    block !== container &&
    !(block.scrollWidth > block.clientWidth && /auto|scroll/.test(getComputedStyle(block).overflowX))
  ) {
    block = block.parentElement;
  }
  if (!block || block === container) return;
  const line = range.getClientRects()[0] ?? range.getBoundingClientRect();
  const view = block.getBoundingClientRect();
  if (line.left >= view.left && line.right <= view.right) return;
  // the start a little in from the left edge, so the column it sits in reads as one
  block.scrollTo({ left: block.scrollLeft + line.left - view.left - 24, behavior });
}

/** Scrolls the document's scrolling pane so that the range's first line sits in its upper third. */
function scrollRangeIntoView(container: HTMLElement, range: Range, behavior: ScrollBehavior = "smooth") {
  scrollRangeSideways(container, range, behavior);
  let pane: HTMLElement | null = container.parentElement;
  while (
    pane &&
    !(pane.scrollHeight > pane.clientHeight && /auto|scroll/.test(getComputedStyle(pane).overflowY))
  ) {
    pane = pane.parentElement;
  }
  const line = range.getClientRects()[0] ?? range.getBoundingClientRect();
  if (!pane) return;
  const view = pane.getBoundingClientRect();
  const last = range.getBoundingClientRect();
  if (line.top >= view.top + 8 && last.bottom <= view.bottom - 8) return;
  pane.scrollTo({ top: pane.scrollTop + line.top - view.top - view.height / 3, behavior });
}

/**
 * Tracks the part of the document the user has selected. It follows the browser selection
 * (what you see is what gets labeled) and resets when the document text changes.
 */
export function useDocumentSelection(containerRef: RefObject<HTMLElement | null>, text: string) {
  const [stored, setStored] = useState<Stored | null>(null);

  useEffect(() => {
    const update = () => {
      const current = readDocumentSelection(containerRef.current, text);
      setStored((previous) => {
        if (!current) return previous === null ? previous : null;
        if (previous && previous.start === current.start && previous.end === current.end) return previous;
        return { ...current, sourceText: text };
      });
    };
    document.addEventListener("selectionchange", update);
    return () => document.removeEventListener("selectionchange", update);
  }, [containerRef, text]);

  const clear = useCallback(() => {
    window.getSelection()?.removeAllRanges();
    setStored(null);
  }, []);

  const selection: DocumentSelection | null =
    stored && stored.sourceText === text
      ? { start: stored.start, end: stored.end, quote: stored.quote }
      : null;
  return { selection, clear };
}
