/** Lucene's EnglishAnalyzer.ENGLISH_STOP_WORDS_SET (33 words), the set Anserini's default analyzer uses. */
export const ENGLISH_STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a an and are as at be but by for if in into is it no not of on or such " +
    "that the their then there these they this to was will with"
  ).split(" "),
);
