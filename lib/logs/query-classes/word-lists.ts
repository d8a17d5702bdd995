/**
 * Small closed-class English word lists shared by the recognizers. Deliberately short: a word
 * belongs here only when it is almost never the content of a search query on its own.
 */
export function wordSet(spaceSeparated: string): ReadonlySet<string> {
  return new Set(spaceSeparated.trim().split(/\s+/));
}

export const ARTICLES_AND_DETERMINERS = wordSet(
  "a an the my your his her their our its these those every each",
);

export const CONJUNCTIONS = wordSet("and or but nor because if whether although though unless while");

export const PREPOSITIONS = wordSet(`
  to of for with from into onto at by in on about than between without via under over after before
  during through like as per vs versus against within toward towards upon`);

export const PRONOUNS = wordSet(
  "i me you he him she we us they them it this that someone anyone something anything",
);

export const AUXILIARIES = wordSet(
  "is are was were be been being am do does did have has had can could should would will shall may might must",
);

const NEGATIONS_AND_CONTRACTIONS = wordSet(`
  not no cant can't cannot wont won't dont don't doesnt doesn't didnt didn't isnt isn't arent aren't
  wasnt wasn't im i'm ive i've it's`);

export const WH_WORDS = wordSet("what when where which who whom whose why how");

/** Words that make a query read like a sentence rather than a list of keywords. */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  ...ARTICLES_AND_DETERMINERS,
  ...CONJUNCTIONS,
  ...PREPOSITIONS,
  ...PRONOUNS,
  ...AUXILIARIES,
  ...NEGATIONS_AND_CONTRACTIONS,
  ...WH_WORDS,
  ...wordSet("there then so too very also just some any all"),
]);
