/**
 * Where the simulated annotators put their quote labels. Each save must create a new Label row
 * (a label is unique per query, document, span and annotator), so that "every label saved is in
 * the database" is an exact count: every save of one annotator on one query gets its own
 * (document, span). Pure: the texts come in, offsets go out.
 */

/** How many words a quote covers: long enough to be a plausible answer, short enough to be many. */
export const WORDS_PER_QUOTE = 4;

export type QuoteSpan = { start: number; end: number };

/**
 * The quotes of a text, one per starting word: words `i … i + WORDS_PER_QUOTE − 1` (runs of
 * non-space characters), so no quote is blank and no two share both ends. UTF-16 offsets, end
 * exclusive, as the workspace sends them.
 */
export function quoteSpans(text: string): QuoteSpan[] {
  const words = [...text.matchAll(/\S+/g)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
  const spans: QuoteSpan[] = [];
  for (let first = 0; first + WORDS_PER_QUOTE <= words.length; first++) {
    const start = words[first]?.start ?? 0;
    const end = words[first + WORDS_PER_QUOTE - 1]?.end ?? 0;
    spans.push({ start, end });
  }
  return spans;
}

/** Which document of the corpus list, and which of its quotes (an index into quoteSpans). */
export type LabelTarget = { documentIndex: number; quoteIndex: number };

/**
 * The `save`-th save (0, 1, 2 …) of annotator `annotator` on one query: documents in turn
 * (starting at a different one per annotator, so they do not all pile on the first), then the
 * next quote of each document when the documents come round again. Distinct for every `save`
 * below the capacity, documents × `quotesPerDocument` (the shortest document's quote count);
 * null beyond it.
 */
export function labelTarget(options: {
  annotator: number;
  save: number;
  documentCount: number;
  quotesPerDocument: number;
}): LabelTarget | null {
  const { documentCount } = options;
  if (documentCount === 0 || options.save >= documentCount * options.quotesPerDocument) return null;
  return {
    documentIndex: (options.annotator + options.save) % documentCount,
    quoteIndex: Math.floor(options.save / documentCount),
  };
}
