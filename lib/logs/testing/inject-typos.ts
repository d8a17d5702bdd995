import { createSeededRandom, randomIndex } from "@/lib/eval/statistics/seeded-random";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const EDITABLE = /^[a-z]{5,}$/;

/**
 * One random keyboard-slip per query, as a held-out check of the typo class: in one word of 5+
 * letters a letter is dropped, doubled into another, replaced or swapped with its neighbour
 * (seeded: the same queries and seed give the same typos). A slip that makes another real word
 * (`isWord`: "form" from "from") is skipped — no spelling check can see it — and counted.
 */
export function injectTypos(
  queries: readonly string[],
  options: { seed: number; isWord: (word: string) => boolean },
): { injected: { query: string; original: string; typo: string }[]; realWordSlips: number } {
  const random = createSeededRandom(options.seed);
  const injected: { query: string; original: string; typo: string }[] = [];
  let realWordSlips = 0;
  for (const original of queries) {
    const words = original.split(" ");
    const editable = words.flatMap((word, position) => (EDITABLE.test(word) ? [position] : []));
    if (editable.length === 0) continue;
    const position = editable[randomIndex(random, editable.length)]!;
    const typo = slip(words[position]!, random);
    if (options.isWord(typo)) {
      realWordSlips += 1;
      continue;
    }
    injected.push({
      query: words.map((word, index) => (index === position ? typo : word)).join(" "),
      original,
      typo,
    });
  }
  return { injected, realWordSlips };
}

function slip(word: string, random: () => number): string {
  const at = randomIndex(random, word.length - 1);
  const letter = LETTERS[randomIndex(random, LETTERS.length)]!;
  switch (randomIndex(random, 4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + letter + word.slice(at);
    case 2:
      return (
        word.slice(0, at) +
        (letter === word[at] ? LETTERS[(LETTERS.indexOf(letter) + 1) % 26] : letter) +
        word.slice(at + 1)
      );
    default:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  }
}
