import type { QueryText } from "./query-text";
import { AUXILIARIES, PREPOSITIONS, wordSet } from "./word-lists";

/**
 * `half-sentence`: a query that stops mid-phrase — "how to connect to the", "why does my",
 * "the drive light is blinking amber and", "cant access share from", "what should i" — or has
 * an unclosed bracket outside quotes in the raw text ("raid 5 (with hot spare"). A raw text
 * ending with "?", "!", "." or a closing quote or bracket was finished by its writer and never
 * counts. Needs 2+ words. The
 * last word is:
 * - "the" or a possessive (my, your, their, …; not "her", also an object; not "each");
 * - "a"/"an" after a preposition, auxiliary, "-ing" word or a few verbs ("how to make a"), not
 *   a letter label ("vitamin a", "medicare part a");
 * - a conjunction (and, but, because, if, …; not "or", too often Oregon: "bend or");
 * - a preposition that rarely ends a phrase (to, of, for, with, from, into, than, …), unless
 *   the query opens where English strands prepositions: what/which/who/whom/whose/where and
 *   how long/much/many/often/far ("what is this used for"), or after a particle ("hang out
 *   with"). Particles of phrasal verbs (in, on, up, out, off, over, by) never count as the
 *   last word: "log in", "sign up", "sort by"; nor "to" after want/need/have/used/able…
 *   ("the part that i want to");
 * - the subject "i" right after an auxiliary, wh-word, "if" or "because" ("what should i"), not
 *   a roman numeral ("world war i") or a title ("the egg and i").
 */
export function isHalfSentenceQuery(query: QueryText): boolean {
  if (FINISHED.test(query.display)) return false;
  if (hasUnclosedBracket(query.display)) return true;
  const { words } = query;
  if (words.length < 2) return false;
  const last = words[words.length - 1]!;
  const beforeLast = words[words.length - 2]!;
  if (last === "to" && ELLIPTICAL_TO_AFTER.has(beforeLast)) return false;
  if (TRAILING_DETERMINERS.has(last) || TRAILING_CONJUNCTIONS.has(last)) return true;
  if (last === "a" || last === "an") return isBeforeArticle(beforeLast);
  if (DANGLING_PREPOSITIONS.has(last)) return !opensWithStranding(words) && !PARTICLES.has(beforeLast);
  return last === "i" && SUBJECT_I_BEFORE.has(beforeLast);
}

// Sentence punctuation, or a closing quote or bracket ("… and '['", "() vs {}"), at the end.
const FINISHED = /[?!.？！。'"”’`)\]}]\s*$/u;
const TRAILING_DETERMINERS = wordSet("the my your his their our its these those every");
const ELLIPTICAL_TO_AFTER = wordSet(`
  want wants wanted need needs have has had going used able ought supposed like try trying`);
const TRAILING_CONJUNCTIONS = wordSet("and but nor because if whether although though unless");
const VERBS_BEFORE_ARTICLE = wordSet(`
  get make buy find need want use build write choose become start create have be as what such
  put add install replace take give`);
const DANGLING_PREPOSITIONS = wordSet(
  "to of for with from into onto at than between without via during toward towards upon versus vs",
);
const PARTICLES = wordSet("out up in on off away along back down over");
const STRANDING_OPENERS = wordSet("what which who whom whose where");
const HOW_STRANDING = wordSet("long much many often far");
const SUBJECT_I_BEFORE = wordSet(`
  should can could would will do did does may might must shall have had what how why when
  where which if because`);

function isBeforeArticle(word: string): boolean {
  return (
    PREPOSITIONS.has(word) || AUXILIARIES.has(word) || VERBS_BEFORE_ARTICLE.has(word) || word.endsWith("ing")
  );
}

function opensWithStranding(words: string[]): boolean {
  return STRANDING_OPENERS.has(words[0]!) || (words[0] === "how" && HOW_STRANDING.has(words[1] ?? ""));
}

function hasUnclosedBracket(display: string): boolean {
  let depth = 0;
  // Brackets inside quotes are quoted text ("between 'test' and '['"), not structure.
  for (const char of display.replace(/'[^']*'|"[^"]*"|`[^`]*`/g, "")) {
    if (char === "(" || char === "[") depth += 1;
    else if ((char === ")" || char === "]") && depth > 0) depth -= 1;
  }
  return depth > 0;
}
