import search from "approx-string-match";
import { findOccurrences } from "@/lib/anchor/find-occurrences";

export type FuzzyMatch = { start: number; end: number; errors: number };

/** Share of the quote's length allowed as edits in a fuzzy match (docs/domain.md, "Anchoring": ~10%). */
export const FUZZY_ERROR_RATE = 0.1;

/** Context shorter than this is too common to locate a region by. */
const MIN_CONTEXT_PROBE = 8;
const CONTEXT_PROBE_LENGTH = 32;
const MAX_PROBE_OCCURRENCES = 8;
/** Candidates beyond this many (the nearest to the hint are kept) are not worth scoring. */
const MAX_CANDIDATES = 256;

/**
 * Approximate matches of `exact` with at most `maxErrors` edits. The Myers search only reports
 * the fewest-error matches of the text it is given, so a look-alike elsewhere with fewer edits
 * would hide the real, edited quote. Hence it runs on several regions and the union is
 * returned: the whole text, around the old position, right after each exact occurrence of the
 * prefix's tail, and right before each occurrence of the suffix's head.
 */
export function findFuzzyCandidates(options: {
  text: string;
  exact: string;
  prefix: string;
  suffix: string;
  hintStart: number;
  maxErrors: number;
}): FuzzyMatch[] {
  const { text, exact, prefix, suffix, hintStart, maxErrors } = options;
  const reach = exact.length + maxErrors;
  const regions: [number, number][] = [
    [0, text.length],
    [hintStart - reach - prefix.length, hintStart + 2 * reach + suffix.length],
  ];
  const prefixTail = prefix.slice(-CONTEXT_PROBE_LENGTH);
  if (prefixTail.length >= MIN_CONTEXT_PROBE) {
    for (const at of findOccurrences({ text, needle: prefixTail, limit: MAX_PROBE_OCCURRENCES })) {
      const from = at + prefixTail.length;
      regions.push([from, from + reach]);
    }
  }
  const suffixHead = suffix.slice(0, CONTEXT_PROBE_LENGTH);
  if (suffixHead.length >= MIN_CONTEXT_PROBE) {
    for (const at of findOccurrences({ text, needle: suffixHead, limit: MAX_PROBE_OCCURRENCES })) {
      regions.push([at - reach, at]);
    }
  }

  const byLocation = new Map<string, FuzzyMatch>();
  for (const [from, to] of regions) {
    const regionStart = Math.max(0, from);
    const regionText = text.slice(regionStart, Math.min(text.length, to));
    for (const match of search(regionText, exact, maxErrors)) {
      const start = match.start + regionStart;
      const end = match.end + regionStart;
      const key = `${start}:${end}`;
      const known = byLocation.get(key);
      if (!known || known.errors > match.errors) byLocation.set(key, { start, end, errors: match.errors });
    }
  }
  const candidates = [...byLocation.values()];
  if (candidates.length <= MAX_CANDIDATES) return candidates;
  candidates.sort(
    (a, b) => Math.abs(a.start - hintStart) - Math.abs(b.start - hintStart) || a.start - b.start,
  );
  return candidates.slice(0, MAX_CANDIDATES);
}

/**
 * Approximate matches of `needle` anywhere in `text`, with no context or old position to search
 * near, and at most FUZZY_ERROR_RATE of its length in edits; none when the needle is too short to
 * allow a single edit. Unordered: callers pick the best by their own rule.
 */
export function findFuzzyMatches(text: string, needle: string): FuzzyMatch[] {
  const maxErrors = Math.floor(needle.length * FUZZY_ERROR_RATE);
  if (maxErrors === 0) return [];
  return findFuzzyCandidates({ text, exact: needle, prefix: "", suffix: "", hintStart: 0, maxErrors });
}
