import { type RefObject, useEffect } from "react";
import type { TextOffsets } from "./selection-offsets";
import { revealDocumentText } from "./use-document-selection";

/**
 * When a candidate opens, scrolls its best pooled passage into view (the document starts there,
 * not at its top) — unless something is already selected in it (a hole being filled).
 */
export function useRevealPassage(
  containerRef: RefObject<HTMLElement | null>,
  documentId: string | null,
  passage: TextOffsets | null,
) {
  const start = passage?.start;
  const end = passage?.end;
  useEffect(() => {
    if (documentId === null || start === undefined || end === undefined) return;
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed && containerRef.current?.contains(selection.anchorNode)) return;
    revealDocumentText(containerRef.current, { start, end });
  }, [containerRef, documentId, start, end]);
}
