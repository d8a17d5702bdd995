import search from "approx-string-match";

/**
 * How a candidate location for a quote is scored, all parts in [0, 1]. The quote itself weighs
 * most; prefix and suffix together weigh almost as much, so a look-alike sentence in a different
 * context cannot reach the fuzzy minimum on its own; position only breaks near-ties.
 */
const ANCHOR_SCORE_WEIGHTS = { quote: 0.5, prefix: 0.2, suffix: 0.2, position: 0.1 } as const;

/**
 * Below this a fuzzy candidate is rejected and the label is orphaned. Calibrated so that a quote
 * with ≤10% edits in its own context scores ≥ 0.9 and one whose context changed on one side
 * still passes, while a near-identical sentence in unrelated context does not: unrelated English
 * context scores ~0.2 (0.3 at the 90th percentile), putting such a look-alike near 0.7.
 */
export const MINIMUM_FUZZY_SCORE = 0.8;

/** What a side scores when the label stored no context there and the candidate has some. */
const MISSING_CONTEXT_SCORE = 0.5;

export type CandidateScore = { score: number; context: number };

/**
 * Scores the candidate [start, end) of `text` carrying `errors` edits against the stored quote.
 * `context` is the mean of the prefix and suffix similarities — what relocation ranks by.
 */
export function scoreAnchorCandidate(options: {
  text: string;
  candidate: { start: number; end: number; errors: number };
  exact: string;
  prefix: string;
  suffix: string;
  hintStart: number;
}): CandidateScore {
  const { text, candidate, exact, prefix, suffix, hintStart } = options;
  const quoteScore = 1 - candidate.errors / exact.length;
  const prefixScore = scorePrefix(text, candidate.start, prefix);
  const suffixScore = scoreSuffix(text, candidate.end, suffix);
  const distance = Math.abs(candidate.start - hintStart);
  const positionScore = Math.max(0, 1 - distance / Math.max(1, text.length));
  const score =
    ANCHOR_SCORE_WEIGHTS.quote * quoteScore +
    ANCHOR_SCORE_WEIGHTS.prefix * prefixScore +
    ANCHOR_SCORE_WEIGHTS.suffix * suffixScore +
    ANCHOR_SCORE_WEIGHTS.position * positionScore;
  return { score, context: (prefixScore + suffixScore) / 2 };
}

function scorePrefix(text: string, start: number, prefix: string): number {
  if (prefix.length === 0) return start === 0 ? 1 : MISSING_CONTEXT_SCORE;
  const windowStart = Math.max(0, start - prefix.length - slackFor(prefix));
  return similarity(prefix, text.slice(windowStart, start));
}

function scoreSuffix(text: string, end: number, suffix: string): number {
  if (suffix.length === 0) return end === text.length ? 1 : MISSING_CONTEXT_SCORE;
  return similarity(suffix, text.slice(end, end + suffix.length + slackFor(suffix)));
}

/** A window a quarter longer than the context absorbs a few inserted characters. */
function slackFor(context: string): number {
  return Math.ceil(context.length / 4);
}

/**
 * 1 − (fewest edits turning `expected` into some substring of `window`) / |expected|, computed
 * with the same bit-parallel Myers search used for the quote.
 */
function similarity(expected: string, window: string): number {
  if (window.length === 0) return 0;
  const best = search(window, expected, expected.length)[0];
  const errors = best ? best.errors : expected.length;
  return Math.max(0, 1 - errors / expected.length);
}
