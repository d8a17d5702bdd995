import type { QueryText } from "./query-text";
import { ARTICLES_AND_DETERMINERS, PRONOUNS, wordSet } from "./word-lists";

/**
 * `question`: the raw text ends with "?" (or "¿…" in Spanish), or the query opens like a
 * question:
 * - with what/where/which/who/whom/whose/why/how, or "when" followed by an auxiliary
 *   ("when does…", but not the clause "when i try to…");
 * - with is/are/was/were/do/does/did/can/could/should/would + at least two more words
 *   ("is raid a backup", "can i mix drive sizes"), not "do not disturb", not "can opener";
 * - with will/may/must/has/have/shall only before a pronoun or determiner ("will it…",
 *   "have i been pwned"; not "will smith movies", "may 2020 calendar");
 * - with a few unambiguous German/Spanish/French question words ("wie richte ich…", "cómo…",
 *   "pourquoi…").
 */
export function isQuestionQuery(query: QueryText): boolean {
  const display = query.display.trim();
  if (display.endsWith("?") || display.endsWith("？") || display.startsWith("¿")) return true;
  const [first, second, third] = query.words;
  if (first === undefined) return false;
  if (OPEN_WH.has(first) || FOREIGN_QUESTION_WORDS.has(first)) return second !== undefined;
  if (first === "when") return second !== undefined && WHEN_FOLLOWERS.has(second);
  if (first === "por" && (second === "qué" || second === "que")) return true;
  if (second === undefined) return false;
  if (STRONG_AUXILIARIES.has(first)) return third !== undefined && second !== "not";
  if (WEAK_AUXILIARIES.has(first)) return PRONOUNS.has(second) || ARTICLES_AND_DETERMINERS.has(second);
  return false;
}

const OPEN_WH = wordSet("what where which who whom whose why how");
const WHEN_FOLLOWERS = wordSet("is are was were do does did can could should will would to");
const STRONG_AUXILIARIES = wordSet("is are was were do does did can could should would");
const WEAK_AUXILIARIES = wordSet("will may must has have shall might");
const FOREIGN_QUESTION_WORDS = wordSet(`
  wie warum wieso weshalb wann welche welcher welches wo woher wohin
  cómo qué dónde cuándo cuál cuáles quién quiénes
  pourquoi où quelle quelles quels est-ce qu'est-ce`);
