import { type RefObject, useCallback, useEffect, useState } from "react";
import { rangeToTextOffsets, type TextOffsets } from "./selection-offsets";

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
