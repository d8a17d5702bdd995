import { findFuzzyMatches } from "@/lib/anchor/find-fuzzy-candidates";
import { normalizeText } from "@/lib/anchor/normalize-text";
import { snapToCodePoints } from "@/lib/anchor/snap-to-code-points";

/**
 * Where a hit of an external or imported run lies in its document, and how that was decided:
 * - "span": the hit's own start/end, valid for the document (and agreeing with its text, if any);
 * - "text-exact": the hit's text found verbatim, or verbatim up to whitespace runs, CRLF and
 *   Unicode normalization (NFC);
 * - "text-fuzzy": found with at most 10 % edits (the fuzzy budget of docs/domain.md, "Anchoring"),
 *   whitespace collapsed;
 * - "document": the hit names the document only, so the whole document is the span;
 * - "unlocated": the hit has a text that is nowhere in the document — the caller counts these
 *   rather than inventing a position.
 * Offsets are UTF-16, end exclusive, into the document's stored (normalized) text.
 */
export type HitLocation =
  | { kind: "span" | "text-exact" | "text-fuzzy" | "document"; start: number; end: number }
  | { kind: "unlocated" };

export type LocatableHit = {
  start?: number | undefined;
  end?: number | undefined;
  text?: string | undefined;
};

/**
 * Locates a hit: a valid span is used as is; otherwise its text is searched for (exact, then
 * normalized, then fuzzy); a hit with neither spans the whole document. When a valid span and a
 * text disagree (offsets in bytes, or into another version of the text), the text is searched
 * for and the span is kept only if the text cannot be found.
 */
export function locateHit(options: { documentText: string; hit: LocatableHit }): HitLocation {
  const { documentText, hit } = options;
  const span = validSpan(hit, documentText.length);
  const text = hit.text === undefined ? "" : normalizeText(hit.text);
  const hasText = text.trim() !== "";
  if (span && (!hasText || agrees(documentText.slice(span.start, span.end), text)))
    return { kind: "span", ...span };
  if (!hasText) return { kind: "document", start: 0, end: documentText.length };
  const found = locateText(documentText, text);
  if (found) return found;
  return span ? { kind: "span", ...span } : { kind: "unlocated" };
}

function validSpan(hit: LocatableHit, length: number): { start: number; end: number } | undefined {
  const { start, end } = hit;
  if (start === undefined || end === undefined) return undefined;
  if (!Number.isInteger(start) || !Number.isInteger(end)) return undefined;
  return start >= 0 && start < end && end <= length ? { start, end } : undefined;
}

function agrees(slice: string, text: string): boolean {
  return slice === text || collapseWhitespace(slice) === collapseWhitespace(text);
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function locateText(documentText: string, text: string): HitLocation | undefined {
  const exact = documentText.indexOf(text);
  if (exact !== -1) return { kind: "text-exact", start: exact, end: exact + text.length };

  const collapsed = collapseWithOffsets(documentText);
  const needle = collapseWhitespace(text);
  const normalized = collapsed.text.indexOf(needle);
  if (normalized !== -1)
    return { kind: "text-exact", ...collapsed.toOriginal(normalized, normalized + needle.length) };

  const candidates = findFuzzyMatches(collapsed.text, needle);
  // Fewest edits wins; among equals the earliest, then the longest (a match may end a little
  // earlier or later for the same cost).
  candidates.sort((a, b) => a.errors - b.errors || a.start - b.start || b.end - a.end);
  const best = candidates[0];
  return best ? { kind: "text-fuzzy", ...collapsed.toOriginal(best.start, best.end) } : undefined;
}

/**
 * The document with every whitespace run replaced by one space, and a map back: position i of
 * the collapsed text is `offsets[i]` of the original.
 */
function collapseWithOffsets(original: string): {
  text: string;
  toOriginal: (start: number, end: number) => { start: number; end: number };
} {
  const parts: string[] = [];
  const offsets: number[] = [];
  let inSpace = false;
  for (let i = 0; i < original.length; i++) {
    const char = original[i]!;
    const space = /\s/.test(char);
    if (space && inSpace) continue;
    parts.push(space ? " " : char);
    offsets.push(i);
    inSpace = space;
  }
  return {
    text: parts.join(""),
    toOriginal: (start, end) => {
      // A fuzzy match may begin or end on a collapsed space; the span does not.
      let from = offsets[start]!;
      let to = offsets[end - 1]! + 1;
      while (from < to && /\s/.test(original[from]!)) from++;
      while (to > from && /\s/.test(original[to - 1]!)) to--;
      return snapToCodePoints(original, from, to);
    },
  };
}
