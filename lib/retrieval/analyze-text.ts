import { type AnalyzerOptions, defaultAnalyzer } from "@/lib/retrieval/analyzer-options";
import { ENGLISH_STOPWORDS } from "@/lib/retrieval/english-stopwords";
import { stemPorter } from "@/lib/retrieval/porter-stemmer";
import { standardTokenize } from "@/lib/retrieval/standard-tokenizer";

/**
 * Text → index terms, as Anserini's DefaultEnglishAnalyzer does: StandardTokenizer (see
 * standard-tokenizer.ts) → EnglishPossessiveFilter → LowerCaseFilter → StopFilter (33 words, matched
 * after lowercasing, case-sensitively) → PorterStemFilter. Documents and queries must go through
 * the same options.
 */
export function analyzeText(text: string, options: AnalyzerOptions = defaultAnalyzer): string[] {
  const cache = termCacheFor(options);
  const terms: string[] = [];
  for (const token of standardTokenize(text)) {
    let term = cache.get(token);
    if (term === undefined) {
      term = analyzeToken(token, options);
      if (cache.size >= TERM_CACHE_LIMIT) cache.clear();
      cache.set(token, term);
    }
    if (term !== "") terms.push(term);
  }
  return terms;
}

/** One token through the filters; "" when a filter drops it. */
function analyzeToken(token: string, options: AnalyzerOptions): string {
  let term = options.possessives ? removePossessive(token) : token;
  if (term.length === 0) return "";
  if (options.lowercase) term = term.toLowerCase();
  if (options.stopwords && ENGLISH_STOPWORDS.has(term)) return "";
  return options.stem ? stemPorter(term) : term;
}

/**
 * Filtering and stemming are the analyzer's hot spot and vocabularies repeat heavily, so each
 * token's final term is memoized, per combination of options. The caches are bounded and only
 * ever hold pure results, so they are invisible to callers.
 */
const termCaches = new Map<string, Map<string, string>>();
const TERM_CACHE_LIMIT = 200_000;

function termCacheFor(options: AnalyzerOptions): Map<string, string> {
  const key = `${+options.lowercase}${+options.stopwords}${+options.stem}${+options.possessives}`;
  let cache = termCaches.get(key);
  if (cache === undefined) {
    cache = new Map();
    termCaches.set(key, cache);
  }
  return cache;
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
