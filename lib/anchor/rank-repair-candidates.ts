import type { QuoteSelector } from "@/lib/anchor/create-quote-selector";
import { findFuzzyCandidates } from "@/lib/anchor/find-fuzzy-candidates";
import { findOccurrences } from "@/lib/anchor/find-occurrences";
import { normalizeText } from "@/lib/anchor/normalize-text";
import { scoreAnchorCandidate } from "@/lib/anchor/score-anchor-candidate";
import { snapToCodePoints } from "@/lib/anchor/snap-to-code-points";

/** A place in the new text a label's quote could move to; `score` as in resolveQuote, in [0, 1]. */
export type RepairCandidate = { start: number; end: number; score: number; errors: number };

/**
 * Share of the quote's length allowed as edits when looking for repair candidates: three times
 * what automatic anchoring accepts (resolve-quote.ts), because a person confirms the choice.
 */
const REPAIR_ERROR_RATE = 0.3;
const MAX_EXACT_OCCURRENCES = 64;

/**
 * The best places to re-anchor a label whose quote no longer anchors (orphaned) or anchors
 * ambiguously: every exact occurrence of the quote and the approximate matches with up to 30%
 * edits, scored on quote, prefix, suffix and position (score-anchor-candidate.ts), best first;
 * overlapping candidates are one place (the best kept). At most `limit`.
 */
export function rankRepairCandidates(options: {
  text: string;
  selector: QuoteSelector;
  limit?: number;
}): RepairCandidate[] {
  const { text, selector, limit = 3 } = options;
  const exact = normalizeText(selector.exact);
  const prefix = normalizeText(selector.prefix);
  const suffix = normalizeText(selector.suffix);
  if (exact.length === 0 || text.length === 0) return [];
  const hintStart = Math.min(Math.max(0, selector.start), text.length);
  const matches = findOccurrences({ text, needle: exact, limit: MAX_EXACT_OCCURRENCES }).map((start) => ({
    start,
    end: start + exact.length,
    errors: 0,
  }));
  const maxErrors = Math.floor(exact.length * REPAIR_ERROR_RATE);
  if (maxErrors > 0)
    matches.push(...findFuzzyCandidates({ text, exact, prefix, suffix, hintStart, maxErrors }));

  const scored = matches
    .map((match) => {
      const span = snapToWords(text, snapToCodePoints(text, match.start, match.end));
      const { score } = scoreAnchorCandidate({ text, candidate: match, exact, prefix, suffix, hintStart });
      return { ...span, score, errors: match.errors };
    })
    .filter((candidate) => candidate.end > candidate.start)
    .sort(
      (a, b) =>
        b.score - a.score ||
        Math.abs(a.start - hintStart) - Math.abs(b.start - hintStart) ||
        a.start - b.start ||
        a.end - b.end,
    );
  const kept: RepairCandidate[] = [];
  for (const candidate of scored) {
    if (kept.some((other) => candidate.start < other.end && other.start < candidate.end)) continue;
    kept.push(candidate);
    if (kept.length >= limit) break;
  }
  return kept;
}

/** A word cut by an approximate match's edge is taken whole (a person labels whole words). */
const WORD_CHARACTER = /[\p{L}\p{M}\p{N}_]/u;
const MAX_WORD_EXTENSION = 32;

function snapToWords(text: string, span: { start: number; end: number }): { start: number; end: number } {
  const isWord = (offset: number) =>
    offset >= 0 && offset < text.length && WORD_CHARACTER.test(text[offset] ?? "");
  let { start, end } = span;
  if (isWord(start) && isWord(start - 1)) {
    const limit = Math.max(0, start - MAX_WORD_EXTENSION);
    while (start > limit && isWord(start - 1)) start--;
  }
  if (isWord(end - 1) && isWord(end)) {
    const limit = Math.min(text.length, end + MAX_WORD_EXTENSION);
    while (end < limit && isWord(end)) end++;
  }
  return { start, end };
}
