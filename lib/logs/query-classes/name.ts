import type { CasingStats } from "./casing-stats";
import { isTitleCased, splitDisplayWords } from "./casing-stats";
import type { QueryText } from "./query-text";
import { FUNCTION_WORDS, WH_WORDS, wordSet } from "./word-lists";

/**
 * `name`: a person or product name, seen as two or more consecutive capitalized words in the
 * raw display text ("Jeff Bezos net worth", "install Visual Studio Code", "Larkspur Tern").
 * Capitals only carry information when the writer does not capitalize everything, so:
 * - a title-cased query (every word that is not a function word is capitalized, "Yanked USB Key
 *   During Move") counts only when it has at most 3 words and the log is not title-cased in
 *   general (CasingStats.titleCaseLog);
 * - at least one word of the run must not be a word the log usually writes lowercase
 *   (CasingStats.lowercaseWords: "Custom Post Type" is style, "Google Voice" a name);
 * - the first word of the query is no evidence (it is capitalized anyway), and leading question
 *   and function words are dropped from a run ("How To", "The Beatles", "Adding Postgres" → no);
 * - punctuation ends a run ("Linux (Start up…");
 * - all-caps words ("USB", "RAID") are acronyms, not names, and break a run.
 * Connectors inside a name are allowed ("Bank of America", "Ludwig van Beethoven").
 */
export function isNameQuery(query: QueryText, casing: CasingStats): boolean {
  const words = splitDisplayWords(query.display);
  if (words.length < 2) return false;
  if (isTitleCased(words) && (words.length > 3 || casing.titleCaseLog)) return false;
  const isEvidence = (word: string) => !casing.lowercaseWords.has(word.toLowerCase());
  return nameRuns(query.display).some(({ words: run, start }) => {
    if (run.length < 2) return false;
    // The first word of the query is capitalized anyway: it is no evidence of a name.
    return (start === 0 ? run.slice(1) : run).some(isEvidence);
  });
}

const CAPITALIZED = /^\p{Lu}\p{Ll}+(?:[-'’]?\p{Lu}?\p{Ll}+)*$/u;
const CONNECTORS = wordSet("of de van von der den del da di du la le y");
const NOT_NAME_START = wordSet("i how to install download buy best new my free top cheap get using");
const BREAKS_BEFORE = /^[("'“‘[{]/u;
const BREAKS_AFTER = /[,;:.!?)"'”’\]}]$/u;

/**
 * Runs of capitalized words (with their position in the query): connectors between two
 * capitalized words are kept, punctuation ends a run ("Linux (Start"), and a run does not
 * start with a function word or a sentence-initial "-ing" word ("Adding Postgres").
 */
function nameRuns(display: string): { words: string[]; start: number }[] {
  const rawWords = display.split(/\s+/).filter(Boolean);
  const runs: { words: string[]; start: number }[] = [];
  let run: string[] = [];
  let start = 0;
  const close = () => {
    if (run.length > 0) runs.push({ words: run, start });
    run = [];
  };
  for (let index = 0; index < rawWords.length; index += 1) {
    const raw = rawWords[index]!;
    const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    const nextWord = rawWords[index + 1] ?? "";
    if (BREAKS_BEFORE.test(raw)) close();
    if (CAPITALIZED.test(word) && !(run.length === 0 && isWeakStart(word.toLowerCase(), index))) {
      if (run.length === 0) start = index;
      run.push(word);
    } else if (!(run.length > 0 && CONNECTORS.has(word) && CAPITALIZED.test(nextWord))) {
      close();
    }
    if (BREAKS_AFTER.test(raw)) close();
  }
  close();
  return runs;
}

function isWeakStart(lower: string, index: number): boolean {
  if (index === 0 && lower.endsWith("ing")) return true;
  return WH_WORDS.has(lower) || FUNCTION_WORDS.has(lower) || NOT_NAME_START.has(lower);
}
