import type { QuoteSelector } from "@/lib/anchor/create-quote-selector";
import { FUZZY_ERROR_RATE, findFuzzyCandidates } from "@/lib/anchor/find-fuzzy-candidates";
import { findOccurrences } from "@/lib/anchor/find-occurrences";
import type { AnchorState } from "@/lib/anchor/label-state";
import { normalizeText } from "@/lib/anchor/normalize-text";
import {
  type CandidateScore,
  MINIMUM_FUZZY_SCORE,
  scoreAnchorCandidate,
} from "@/lib/anchor/score-anchor-candidate";
import { snapToCodePoints } from "@/lib/anchor/snap-to-code-points";

/**
 * Where a label's quote lies in the current text. `score` is in [0, 1]: 1 for exact, the
 * weighted quote/prefix/suffix/position score otherwise (see score-anchor-candidate.ts). An
 * orphaned anchor carries the best rejected fuzzy score (0 when nothing came close), so the UI
 * can say how near the closest look-alike was.
 */
export type Anchor =
  | { state: AnchorState; start: number; end: number; score: number }
  | { state: "orphaned"; score: number };

/** Scores closer than this are a tie. */
const TIE_EPSILON = 1e-9;
/**
 * Past this many exact occurrences (a very common quote), only those whose context agrees best
 * character for character get the costlier similarity scoring.
 */
const MAX_SCORED_OCCURRENCES = 256;

type Candidate = { start: number; end: number } & CandidateScore;

/**
 * Resolves a selector against the current normalized text of a document, in the order of
 * docs/domain.md, "Anchoring": exact → relocated (or ambiguous) → fuzzy (or ambiguous) →
 * orphaned; the first that succeeds decides. `text` must already be normalized (offsets are into
 * it); the selector's strings are normalized here too, so a selector stored from CRLF or NFD text
 * still matches.
 */
export function resolveQuote(options: {
  text: string;
  selector: QuoteSelector;
  sameVersion: boolean;
}): Anchor {
  const { text, selector, sameVersion } = options;
  const exact = normalizeText(selector.exact);
  const prefix = normalizeText(selector.prefix);
  const suffix = normalizeText(selector.suffix);
  if (exact.length === 0) return { state: "orphaned", score: 0 };
  if (sameVersion && text.slice(selector.start, selector.end) === exact) {
    return { state: "exact", start: selector.start, end: selector.end, score: 1 };
  }

  const hintStart = Math.min(Math.max(0, selector.start), text.length);
  const score = (match: { start: number; end: number; errors: number }): Candidate => ({
    start: match.start,
    end: match.end,
    ...scoreAnchorCandidate({ text, candidate: match, exact, prefix, suffix, hintStart }),
  });
  const byDistance = (a: Candidate, b: Candidate) =>
    Math.abs(a.start - hintStart) - Math.abs(b.start - hintStart) || a.start - b.start;

  const starts = findOccurrences({ text, needle: exact });
  const occurrences = shortlistOccurrences({ text, starts, exact, prefix, suffix, hintStart }).map((start) =>
    score({ start, end: start + exact.length, errors: 0 }),
  );
  if (occurrences.length > 0) {
    // Relocation ranks by context agreement first, then by distance to the old start.
    occurrences.sort((a, b) => b.context - a.context || byDistance(a, b));
    const best = occurrences[0]!;
    const tied = occurrences.some((other) => other !== best && best.context - other.context < TIE_EPSILON);
    return { state: tied ? "ambiguous" : "relocated", start: best.start, end: best.end, score: best.score };
  }

  const maxErrors = Math.floor(exact.length * FUZZY_ERROR_RATE);
  if (maxErrors === 0) return { state: "orphaned", score: 0 };
  const candidates = findFuzzyCandidates({ text, exact, prefix, suffix, hintStart, maxErrors }).map(score);
  candidates.sort((a, b) => b.score - a.score || byDistance(a, b));
  const best = candidates[0];
  if (!best) return { state: "orphaned", score: 0 };
  if (best.score < MINIMUM_FUZZY_SCORE) return { state: "orphaned", score: best.score };
  // Overlapping matches are the same place with slightly different ends; only a tie elsewhere
  // makes the anchor ambiguous.
  const tied = candidates.some(
    (other) => (other.end <= best.start || other.start >= best.end) && best.score - other.score < TIE_EPSILON,
  );
  const span = snapToCodePoints(text, best.start, best.end);
  return { state: tied ? "ambiguous" : "fuzzy", ...span, score: best.score };
}

function shortlistOccurrences(options: {
  text: string;
  starts: number[];
  exact: string;
  prefix: string;
  suffix: string;
  hintStart: number;
}): number[] {
  const { text, starts, exact, prefix, suffix, hintStart } = options;
  if (starts.length <= MAX_SCORED_OCCURRENCES) return starts;
  const agreement = (start: number) => {
    let left = 0;
    while (left < prefix.length && text[start - 1 - left] === prefix[prefix.length - 1 - left]) left++;
    let right = 0;
    const end = start + exact.length;
    while (right < suffix.length && text[end + right] === suffix[right]) right++;
    return left + right;
  };
  return starts
    .map((start) => ({ start, agreement: agreement(start), distance: Math.abs(start - hintStart) }))
    .sort((a, b) => b.agreement - a.agreement || a.distance - b.distance || a.start - b.start)
    .slice(0, MAX_SCORED_OCCURRENCES)
    .map((occurrence) => occurrence.start);
}
