import nspell from "nspell";
import { buildSpellingDictionary, type SpellingDictionary } from "./query-classes/spelling-dictionary";

/**
 * The English words a spelling checker accepts (SpellingDictionary): the hunspell dictionaries of
 * `dictionary-en` (US) and `dictionary-en-gb` (a support log is written on both sides of the
 * Atlantic: "colour", "recognised" are words, not typos), with every affix form expanded by
 * nspell (124,325 words lowercased) and the SymSpell index of the common ones. Loaded on first
 * use and kept for the life of the process: it took 1.9 s on the shared 2-core machine, 10 MB of
 * heap and 24 MB of typed arrays. The recognizers take the result as an input
 * (ClassifierContextOptions.dictionary) and never load it themselves.
 */
export function loadSpellingDictionary(): Promise<SpellingDictionary> {
  loading ??= readDictionaries().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

let loading: Promise<SpellingDictionary> | undefined;

async function readDictionaries(): Promise<SpellingDictionary> {
  // Dynamic imports: both packages are ESM that read their files with a top-level await.
  const [us, gb] = await Promise.all([import("dictionary-en"), import("dictionary-en-gb")]);
  const entries = [us.default, gb.default].flatMap((dictionary) => Object.keys(expandedWords(dictionary)));
  return buildSpellingDictionary(entries.filter((entry) => WORD.test(entry)));
}

/**
 * nspell expands every affix rule while it loads and keeps each form as a key of its `data`
 * table, which its public API (and @types/nspell) does not expose. The packages' aff/dic are
 * Node Buffers (read with fs), typed as Uint8Array.
 */
function expandedWords(dictionary: { aff: Uint8Array; dic: Uint8Array }): Record<string, unknown> {
  const checker = nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) });
  return (checker as unknown as { data: Record<string, unknown> }).data;
}

/** Letters with inner apostrophes or hyphens; the dictionaries' "0th", "1st" are left out. */
const WORD = /^\p{L}+(?:['-]\p{L}+)*$/u;
