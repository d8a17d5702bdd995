import { createQuoteSelector, type QuoteSelector } from "@/lib/anchor/create-quote-selector";
import { findFuzzyMatches } from "@/lib/anchor/find-fuzzy-candidates";
import { findOccurrences } from "@/lib/anchor/find-occurrences";
import { normalizeText } from "@/lib/anchor/normalize-text";
import { snapToCodePoints } from "@/lib/anchor/snap-to-code-points";

/** How the quote was found: as written, ignoring case and whitespace, or with a few edits. */
type EvidenceMatch = "exact" | "normalized" | "fuzzy";

/**
 * `supported`: the quote lies at [start, end) of the document text (end exclusive, UTF-16), and
 * `selector` is the quote label the judgment becomes. `not_needed`: grade 0 claims nothing, so
 * no quote is checked. `unsupported`: the quote is not in the passage (or is missing); the
 * judgment is kept with its raw quote but never counts as relevant.
 */
export type JudgeEvidence =
  | { status: "supported"; match: EvidenceMatch; start: number; end: number; selector: QuoteSelector }
  | { status: "not_needed" }
  | { status: "unsupported"; rawQuote: string };

/**
 * Locates a judge's quote in the passage it judged, in the order labels are resolved
 * (docs/domain.md, "Anchoring"): exactly; then ignoring case and runs of whitespace; then fuzzily
 * with at most FUZZY_ERROR_RATE of the quote's length in edits — the rate labels use. Only the
 * passage is searched, so a quote copied from elsewhere in the document does not count as evidence.
 *
 * `text` is the normalized document text; `passage` is the judged span of it (the whole text
 * when omitted, as for a document-level judgment). Offsets and the selector are relative to the
 * document, so the label survives re-chunking like a person's.
 */
export function checkJudgeEvidence(options: {
  text: string;
  passage?: { start: number; end: number };
  grade: number;
  quote: string;
}): JudgeEvidence {
  const { text, grade } = options;
  if (grade === 0) return { status: "not_needed" };
  const rawQuote = options.quote;
  const passageStart = options.passage?.start ?? 0;
  const passage = text.slice(passageStart, options.passage?.end ?? text.length);
  const span = locateQuote(passage, normalizeText(rawQuote).trim());
  if (!span) return { status: "unsupported", rawQuote };
  const start = passageStart + span.start;
  const end = passageStart + span.end;
  const built = createQuoteSelector({ text, start, end });
  const selector: QuoteSelector = {
    exact: built.exact,
    prefix: built.prefix,
    suffix: built.suffix,
    start: built.start,
    end: built.end,
  };
  return { status: "supported", match: span.match, start: selector.start, end: selector.end, selector };
}

type Span = { start: number; end: number; match: EvidenceMatch };

function locateQuote(passage: string, quote: string): Span | null {
  if (quote.length === 0) return null;
  const exact = findOccurrences({ text: passage, needle: quote, limit: 1 })[0];
  if (exact !== undefined) return { start: exact, end: exact + quote.length, match: "exact" };

  const folded = foldText(passage);
  const needle = foldText(quote).text.trim();
  if (needle.length === 0) return null;
  const loose = findOccurrences({ text: folded.text, needle, limit: 1 })[0];
  if (loose !== undefined) return { ...folded.toOriginal(loose, loose + needle.length), match: "normalized" };

  const candidates = findFuzzyMatches(folded.text, needle);
  // Fewest edits wins; among equals the earliest, as a reader would find it.
  candidates.sort((a, b) => a.errors - b.errors || a.start - b.start);
  const best = candidates[0];
  if (!best) return null;
  const span = trimWhitespace(passage, folded.toOriginal(best.start, best.end));
  if (span.start >= span.end) return null;
  return { ...snapToCodePoints(passage, span.start, span.end), match: "fuzzy" };
}

/** An edit-distance match may begin or end on a space it swallowed; the quote should not. */
function trimWhitespace(text: string, span: { start: number; end: number }): { start: number; end: number } {
  let { start, end } = span;
  while (start < end && /\s/u.test(text[start]!)) start++;
  while (end > start && /\s/u.test(text[end - 1]!)) end--;
  return { start, end };
}

/**
 * Lower case with every run of whitespace as one space, plus the way back: each folded unit
 * remembers the original code point it came from (lower-casing can change a length, e.g. "İ").
 */
function foldText(text: string): {
  text: string;
  toOriginal: (start: number, end: number) => { start: number; end: number };
} {
  const units: string[] = [];
  const startOf: number[] = [];
  const endOf: number[] = [];
  let index = 0;
  for (const character of text) {
    const next = index + character.length;
    if (/\s/u.test(character)) {
      if (units[units.length - 1] === " ") endOf[endOf.length - 1] = next;
      else {
        units.push(" ");
        startOf.push(index);
        endOf.push(next);
      }
    } else {
      for (const unit of character.toLowerCase().split("")) {
        units.push(unit);
        startOf.push(index);
        endOf.push(next);
      }
    }
    index = next;
  }
  return {
    text: units.join(""),
    toOriginal: (start, end) => ({
      start: startOf[start] ?? text.length,
      end: endOf[end - 1] ?? text.length,
    }),
  };
}
