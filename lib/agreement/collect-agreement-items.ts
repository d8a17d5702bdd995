/** One annotator's judgment of a document for a query: a label's grade (quote or whole document). */
export type AnnotatorJudgment = { query: string; document: string; annotator: string; grade: number };

/** An annotator's value for an item: the highest grade among their labels on it. */
type AnnotatorValue = { annotator: string; value: number };

/**
 * An item of agreement: a (query, document) pair judged by two or more annotators, with each
 * annotator's value (ordered by annotator, ascending).
 */
export type AgreementItem = { query: string; document: string; values: AnnotatorValue[] };

/**
 * Groups judgments into items. An annotator's value for a (query, document) pair is the highest
 * grade among their labels on that document for that query — quote labels and document-level
 * labels alike, grade 0 included. Pairs judged by fewer than two annotators are not items (there
 * is no one to agree with). Items keep the order in which their pair was first judged.
 * The caller leaves out what is not an annotator's own judgment (adjudicated labels, labels
 * without an annotator).
 */
export function collectAgreementItems(judgments: Iterable<AnnotatorJudgment>): AgreementItem[] {
  const pairs = new Map<string, { query: string; document: string; values: Map<string, number> }>();
  for (const judgment of judgments) {
    const key = JSON.stringify([judgment.query, judgment.document]);
    let pair = pairs.get(key);
    if (!pair) {
      pair = { query: judgment.query, document: judgment.document, values: new Map() };
      pairs.set(key, pair);
    }
    const known = pair.values.get(judgment.annotator);
    if (known === undefined || judgment.grade > known) pair.values.set(judgment.annotator, judgment.grade);
  }
  return [...pairs.values()]
    .filter((pair) => pair.values.size >= 2)
    .map((pair) => ({
      query: pair.query,
      document: pair.document,
      values: [...pair.values]
        .map(([annotator, value]) => ({ annotator, value }))
        .sort((a, b) => compareNames(a.annotator, b.annotator)),
    }));
}

/** Code-point order: the same on every machine and locale. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
