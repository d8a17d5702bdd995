import type { QueryText } from "./query-text";
import { wordSet } from "./word-lists";

/**
 * `non-english`: most letters are from a script other than Latin ("ошибка диска", "硬盘"), or
 * the Latin words hit one foreign stopword list (German, Spanish, French, Dutch, Italian,
 * Portuguese) at least twice and more often than the English list. Words that are also English
 * ("die", "also", "is", "as", "come", "con") are left out of the foreign lists; name particles (de, la, le, el, van, von, der, da, di, du, del, des, los, las) only
 * count once another foreign stopword is present, so "de la hoya" stays English.
 */
export function isNonEnglishQuery(query: QueryText): boolean {
  if (isMostlyNonLatin(query.text)) return true;
  // One pass over the words: each word's lists are looked up once (LISTS_BY_WORD).
  let englishHits = 0;
  let particleHits = 0;
  let foreignHits: number[] | undefined;
  for (const word of query.words) {
    const lists = LISTS_BY_WORD.get(word);
    if (lists === undefined) continue;
    for (const list of lists) {
      if (list === ENGLISH_LIST) englishHits += 1;
      else if (list === PARTICLE_LIST) particleHits += 1;
      else {
        foreignHits ??= FOREIGN_LISTS.map(() => 0);
        foreignHits[list] = foreignHits[list]! + 1;
      }
    }
  }
  if (foreignHits === undefined) return false;
  return foreignHits.some((hits) => {
    const total = hits > 0 ? hits + particleHits : 0;
    return total >= 2 && total > englishHits;
  });
}

const PRINTABLE_ASCII_ONLY = /^[ -~]*$/;

function isMostlyNonLatin(text: string): boolean {
  if (PRINTABLE_ASCII_ONLY.test(text)) return false; // most queries: no letter outside Latin
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return false;
  const latin = letters.filter((letter) => /\p{Script=Latin}/u.test(letter)).length;
  return latin * 2 < letters.length;
}

const ENGLISH = wordSet(`
  the a an of to in on for with and or is are was be it this that my your how what why when
  where which who not can do does from by at as i you we they`);
const NAME_PARTICLES = wordSet("de la le el van von der da di du del des los las");
// No particle (above) and no English word (is, as, do, no, come, con, sin, mit, den, hay…) here.
const FOREIGN: Record<string, ReadonlySet<string>> = {
  german: wordSet(`
    das und ist nicht ein eine einen dem für auf wird werden ich wie wo warum kann nach bei
    oder auch noch zum zur sich ohne funktioniert geht keine kein mein meine`),
  spanish: wordSet(`
    que y es por para una su sus como más pero cómo qué dónde puedo funciona mis está muy
    cuando`),
  french: wordSet(`
    les et est une dans pour avec sur pas qui je mon mes cette comment pourquoi où
    fonctionne sans aux elle peut être`),
  dutch: wordSet(`
    het een en niet voor ik mijn waarom werkt geen wordt bij naar ook zijn`),
  italian: wordSet(`
    il gli della delle dei che è una uno perché mio mia sono nel nella alla questo`),
  portuguese: wordSet(`
    que é não uma para dos das meu minha porque está ao pelo pela`),
};

const FOREIGN_LISTS = Object.values(FOREIGN);
const ENGLISH_LIST = -1;
const PARTICLE_LIST = -2;
/** word → the lists it is in: ENGLISH_LIST, PARTICLE_LIST or an index into FOREIGN_LISTS. */
const LISTS_BY_WORD = new Map<string, number[]>();
for (const [list, words] of [
  [ENGLISH_LIST, ENGLISH],
  [PARTICLE_LIST, NAME_PARTICLES],
  ...FOREIGN_LISTS.map((words, index) => [index, words] as const),
] as const) {
  for (const word of words) LISTS_BY_WORD.set(word, [...(LISTS_BY_WORD.get(word) ?? []), list]);
}
