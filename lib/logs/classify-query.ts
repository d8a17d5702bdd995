import { buildCasingStats, type CasingStats, splitDisplayWords } from "./query-classes/casing-stats";
import { isErrorCodeQuery } from "./query-classes/error-code";
import { isHalfSentenceQuery } from "./query-classes/half-sentence";
import { isKeywordQuery } from "./query-classes/keyword";
import { isNameQuery } from "./query-classes/name";
import { isNonEnglishQuery } from "./query-classes/non-english";
import { isPartNumberQuery } from "./query-classes/part-number";
import { isVeryLongQuery, isVeryShortQuery } from "./query-classes/query-length";
import { splitWords, toQueryText } from "./query-classes/query-text";
import { isQuestionQuery } from "./query-classes/question";
import type { SpellingDictionary } from "./query-classes/spelling-dictionary";
import {
  buildTypoIndex,
  DEFAULT_MIN_FREQUENT_COUNT,
  isLikelyTypo,
  isMostlyUnknown,
  type TypoIndex,
} from "./query-classes/typo";
import { isVersionQuery } from "./query-classes/version";

export const QUERY_CLASSES = [
  "error-code",
  "part-number",
  "version",
  "name",
  "question",
  "keyword",
  "half-sentence",
  "typo",
  "very-short",
  "very-long",
  "non-english",
] as const;

export type QueryClass = (typeof QUERY_CLASSES)[number];

export const QUERY_CLASS_LABELS: Record<QueryClass, string> = {
  "error-code": "Error code",
  "part-number": "Part number",
  version: "Version",
  name: "Name",
  question: "Question",
  keyword: "Keywords",
  "half-sentence": "Half sentence",
  typo: "Typo",
  "very-short": "Very short",
  "very-long": "Very long",
  "non-english": "Non-English",
};

export const QUERY_CLASS_DESCRIPTIONS: Record<QueryClass, string> = {
  "error-code": "Contains an error, warning or status code (E-4012, 0x80070005, HTTP 503).",
  "part-number": "Contains a model, part or SKU number mixing letters and digits (DS920+, WD40EFRX).",
  version: "Contains a software version (4.3.0, v2.1, python 3.11, iOS 17).",
  name: "Contains a capitalized person or product name of two or more words (Visual Studio Code).",
  question: "Phrased as a question: opens with a question word or ends with a question mark.",
  keyword: "2–5 keywords without function words (raid 5 rebuild slow).",
  "half-sentence": "Stops mid-phrase, e.g. ends with an article, conjunction or preposition.",
  typo: "Has a misspelled word: unknown to the English dictionary, the corpus and the log, one edit from a word they know.",
  "very-short": "A single word, or at most 3 characters.",
  "very-long": "More than 12 words or more than 100 characters.",
  "non-english": "Mostly non-Latin script, or German/Spanish/French/Dutch/Italian/Portuguese words.",
};

/**
 * What the log-dependent recognizers need: token counts over the whole log (`typo`) and how the
 * log capitalizes (`name`). Build it once per log.
 */
export type ClassifierContext = {
  typo: TypoIndex;
  casing: CasingStats;
};

/**
 * `entries` are the distinct queries of a log with their line counts; a token's count is the
 * sum of the counts of the entries that contain it. `vocabulary` (term → document frequency of
 * the corpus): a token found there is never a typo. `dictionary` (loadSpellingDictionary): the
 * English words; without it only the log's own spellings correct a typo. `display` on entries
 * (as in LogEntry) tells how the log capitalizes; without it, capitals are taken at face value.
 * `minFrequentCount`: the log count from which a word may correct a long token two edits away
 * (default 5).
 */
export function buildClassifierContext(
  entries: { normalized: string; count: number; display?: string }[],
  options: ClassifierContextOptions = {},
): ClassifierContext {
  const tokenCounts = new Map<string, number>();
  for (const entry of entries) addTokenCounts(tokenCounts, entry);
  const displays = entries.flatMap((entry) => (entry.display === undefined ? [] : [entry.display]));
  return buildClassifierContextFrom({ tokenCounts, displays }, options);
}

export type ClassifierContextOptions = {
  vocabulary?: ReadonlyMap<string, number>;
  dictionary?: SpellingDictionary;
  minFrequentCount?: number;
};

/**
 * Adds one query's tokens to a log's token counts (each distinct token of `normalized` counts
 * `count`). Adding parts of the same query separately sums to the same as adding it once.
 */
export function addTokenCounts(
  tokenCounts: Map<string, number>,
  query: { normalized: string; count: number },
) {
  for (const token of new Set(splitWords(query.normalized))) {
    tokenCounts.set(token, (tokenCounts.get(token) ?? 0) + query.count);
  }
}

/**
 * The context from a log's statistics gathered elsewhere (a streamed import): its token counts
 * (addTokenCounts) and the display of each distinct query, in any order.
 */
export function buildClassifierContextFrom(
  statistics: { tokenCounts: ReadonlyMap<string, number>; displays: Iterable<string> },
  options: ClassifierContextOptions = {},
): ClassifierContext {
  return {
    typo: buildTypoIndex({
      tokenCounts: statistics.tokenCounts,
      minFrequentCount: options.minFrequentCount ?? DEFAULT_MIN_FREQUENT_COUNT,
      ...(options.dictionary ? { dictionary: options.dictionary } : {}),
      ...(options.vocabulary ? { vocabulary: options.vocabulary } : {}),
    }),
    casing: buildCasingStats(statistics.displays),
  };
}

/**
 * The classes of one query, in QUERY_CLASSES order. `text` is the normal form (normalizeQuery);
 * `display` is a raw variant, used by the case- and punctuation-sensitive recognizers (name,
 * question, half-sentence); it defaults to `text`. `keyword` excludes questions, half
 * sentences and non-English queries.
 */
export function classifyQuery(
  text: string,
  context: ClassifierContext,
  options: { display?: string } = {},
): QueryClass[] {
  const query = toQueryText(text, options.display);
  const nonEnglish = isNonEnglishQuery(query);
  const question = isQuestionQuery(query);
  const halfSentence = isHalfSentenceQuery(query);
  // In QUERY_CLASSES order, without an intermediate record: this runs once per distinct query.
  const classes: QueryClass[] = [];
  if (isErrorCodeQuery(query)) classes.push("error-code");
  if (isPartNumberQuery(query)) classes.push("part-number");
  if (isVersionQuery(query)) classes.push("version");
  // Fast path: a display without a capital letter has no name (most queries of a log).
  if (HAS_UPPERCASE.test(query.display) && isNameQuery(query, context.casing)) classes.push("name");
  if (question) classes.push("question");
  if (!question && !halfSentence && !nonEnglish && isKeywordQuery(query)) classes.push("keyword");
  if (halfSentence) classes.push("half-sentence");
  if (!nonEnglish && hasTypo(query.words, query.display, context)) classes.push("typo");
  if (isVeryShortQuery(query)) classes.push("very-short");
  if (isVeryLongQuery(query)) classes.push("very-long");
  if (nonEnglish) classes.push("non-english");
  return classes;
}

const HAS_UPPERCASE = /\p{Lu}/u;
const ACRONYM = /^\p{Lu}{2,}$/u;
const CAPITALIZED = /^\p{Lu}\p{Ll}/u;
const INNER_CAPITAL = /\p{Ll}\p{Lu}/u;

function hasTypo(words: readonly string[], display: string, context: ClassifierContext): boolean {
  const typos = words.filter((word) => isLikelyTypo(word, context.typo));
  if (typos.length > 0 && isMostlyUnknown(words, context.typo)) return false;
  if (typos.length === 0 || !HAS_UPPERCASE.test(display)) return typos.length > 0;
  // Acronyms ("VLAN"), brands with inner capitals ("macOS") and names capitalized inside the
  // query ("ask Okafor") are not misspelled words; the first word is capitalized anyway, so
  // its capital counts only before another capitalized word ("Renée Castellanos").
  const displayWords = splitDisplayWords(display);
  const exempt = new Set(
    displayWords
      .filter(
        (word, position) =>
          ACRONYM.test(word) ||
          INNER_CAPITAL.test(word) ||
          (CAPITALIZED.test(word) && (position > 0 || CAPITALIZED.test(displayWords[1] ?? ""))),
      )
      .map((word) => word.toLowerCase()),
  );
  return typos.some((word) => !exempt.has(word));
}
