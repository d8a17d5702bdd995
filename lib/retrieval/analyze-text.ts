import { ENGLISH_STOPWORDS } from "@/lib/retrieval/english-stopwords";
import { stemPorter } from "@/lib/retrieval/porter-stemmer";
import { tokenizeText } from "@/lib/retrieval/tokenize-text";

/** Which filters run after tokenization, in Lucene's EnglishAnalyzer order. */
export type AnalyzerOptions = { lowercase: boolean; stopwords: boolean; stem: boolean; possessives: boolean };

/** Anserini's default English analyzer: every filter on. */
export const defaultAnalyzer: AnalyzerOptions = {
  lowercase: true,
  stopwords: true,
  stem: true,
  possessives: true,
};

/**
 * Text → index terms, as Anserini's DefaultEnglishAnalyzer does: StandardTokenizer (see
 * tokenize-text.ts) → EnglishPossessiveFilter → LowerCaseFilter → StopFilter (33 words, matched
 * after lowercasing, case-sensitively) → PorterStemFilter. Documents and queries must go through
 * the same options.
 */
export function analyzeText(text: string, options: AnalyzerOptions = defaultAnalyzer): string[] {
  const terms: string[] = [];
  for (const token of tokenizeText(text)) {
    let term = options.possessives ? removePossessive(token) : token;
    if (term.length === 0) continue;
    if (options.lowercase) term = term.toLowerCase();
    if (options.stopwords && ENGLISH_STOPWORDS.has(term)) continue;
    if (options.stem) term = stemCached(term);
    terms.push(term);
  }
  return terms;
}

/** Strips a trailing 's / ’s / ＇s (either case of s), like EnglishPossessiveFilter. */
function removePossessive(token: string): string {
  if (token.length < 2) return token;
  const last = token[token.length - 1];
  const apostrophe = token[token.length - 2];
  const isPossessive =
    (last === "s" || last === "S") &&
    (apostrophe === "'" || apostrophe === "\u2019" || apostrophe === "\uff07");
  return isPossessive ? token.slice(0, -2) : token;
}

/**
 * Stemming is the analyzer's hot spot and vocabularies repeat heavily, so stems are memoized.
 * The cache is bounded and only ever holds pure results, so it is invisible to callers.
 */
const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 200_000;

function stemCached(term: string): string {
  const known = stemCache.get(term);
  if (known !== undefined) return known;
  const stem = stemPorter(term);
  if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
  stemCache.set(term, stem);
  return stem;
}
