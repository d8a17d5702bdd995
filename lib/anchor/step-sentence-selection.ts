import type { SentenceSpan } from "@/lib/text/split-sentences";

/**
 * Keyboard moves over a text by whole sentences:
 * - `next` / `previous`: select the sentence after / before the selection (one sentence);
 * - `extend-end` / `shrink-end`: move the selection's end to the next / previous sentence end;
 * - `extend-start` / `shrink-start`: move its start to the previous / next sentence start.
 */
export type SentenceMove =
  | "next"
  | "previous"
  | "extend-end"
  | "shrink-end"
  | "extend-start"
  | "shrink-start";

export type TextSpan = { start: number; end: number };

/**
 * The selection after `move`, or null when the move cannot go further (the text's end, a one-
 * sentence selection that cannot shrink). With nothing selected every move selects the sentence
 * at `anchor` (the caret, or where the candidate's passage begins): the one containing it, else
 * the first after it; the first sentence when there is no anchor.
 */
export function stepSentenceSelection(options: {
  sentences: readonly SentenceSpan[];
  selection: TextSpan | null;
  anchor: number | null;
  move: SentenceMove;
}): TextSpan | null {
  const { sentences, selection, anchor, move } = options;
  if (sentences.length === 0) return null;
  if (!selection) return sentenceAt(sentences, anchor);

  const { start, end } = selection;
  let found: SentenceSpan | undefined;
  switch (move) {
    case "next":
      found = sentences.find((sentence) => sentence.start >= end);
      return found ? { ...found } : null;
    case "previous":
      found = sentences.findLast((sentence) => sentence.end <= start);
      return found ? { ...found } : null;
    case "extend-end":
      found = sentences.find((sentence) => sentence.end > end);
      return found ? { start, end: found.end } : null;
    case "shrink-end":
      found = sentences.findLast((sentence) => sentence.end < end && sentence.end > start);
      return found ? { start, end: found.end } : null;
    case "extend-start":
      found = sentences.findLast((sentence) => sentence.start < start);
      return found ? { start: found.start, end } : null;
    case "shrink-start":
      found = sentences.find((sentence) => sentence.start > start && sentence.start < end);
      return found ? { start: found.start, end } : null;
  }
}

function sentenceAt(sentences: readonly SentenceSpan[], anchor: number | null): TextSpan | null {
  const found =
    anchor === null
      ? sentences[0]
      : (sentences.find((sentence) => sentence.end > anchor) ?? sentences[sentences.length - 1]);
  return found ? { ...found } : null;
}
