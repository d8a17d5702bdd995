import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/**
 * This app's own demo passwords (lib/demo/demo-accounts.ts) and the words they are made of. They
 * are published in the README and on the sign-in page, so an attacker tries them, and their
 * variants ("Goldenset_Admin", "annotator.goldenset", "goldenset2026!"), first.
 */
const publishedWords = [
  "goldenset-admin",
  "goldenset-engineer",
  "goldenset-annotator",
  "goldenset",
  "admin",
  "engineer",
  "annotator",
];

// zxcvbn-ts with its maintained list of ~49,000 leaked passwords, its keyboard layouts (for walks
// such as "1qaz2wsx3edc") and its date, year, repeat and sequence patterns (for "Summer2024!!").
// Built once per process, on the first password checked, not on import: ranking the dictionaries
// takes 0.1–0.2 s and 6 MB of heap, which every CLI command and server start paid before.
let zxcvbn: ZxcvbnFactory | undefined;

function passwordChecker(): ZxcvbnFactory {
  zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...dictionary, published: publishedWords },
    graphs: adjacencyGraphs,
  });
  return zxcvbn;
}

/**
 * zxcvbn's top score: at least 10^10 guesses, "very unguessable" in its own terms. Anything below
 * is a leaked password, one of the demo's, or a pattern built from them that cracking tools try
 * early. Two plain words and a symbol, "just-twelve!", already reach 10^10.7 and pass.
 */
const UNGUESSABLE_SCORE = 4;

/**
 * True when `password` is a common password: on zxcvbn's leaked-password list, one of this app's
 * published demo passwords, or estimated guessable from those words and the usual patterns. It is
 * judged in lowercase, so the answer does not depend on its letters' case.
 */
export function isCommonPassword(password: string): boolean {
  return passwordChecker().check(password.trim().toLowerCase()).score < UNGUESSABLE_SCORE;
}
