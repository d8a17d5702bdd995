/**
 * Compressed sparse rows: row r's entries are columnIndices/values[rowPointers[r] .. rowPointers[r+1]).
 * For LSA a row is a document and a column a vocabulary term.
 */
export type CsrMatrix = {
  rows: number;
  columns: number;
  rowPointers: Int32Array;
  columnIndices: Int32Array;
  values: Float64Array;
};

/** Vocabulary and idf fitted on a corpus; `weigh` turns any analyzed text into the same space. */
export type TfidfVocabulary = {
  termIndex: Map<string, number>;
  /** Smooth idf: ln((1 + N) / (1 + df)) + 1, as scikit-learn's TfidfVectorizer(smooth_idf=True). */
  idf: Float64Array;
};

/**
 * TF-IDF with sublinear tf (1 + ln tf), smooth idf and l2-normalized rows, as
 * TfidfVectorizer(sublinear_tf=True). Terms in fewer than minDocumentFrequency documents are dropped.
 */
export function buildTfidfMatrix(options: { documents: readonly string[][]; minDocumentFrequency: number }): {
  matrix: CsrMatrix;
  vocabulary: TfidfVocabulary;
} {
  const documentFrequency = new Map<string, number>();
  for (const terms of options.documents)
    for (const term of new Set(terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  // Sorted vocabulary: the column order, and so the model, must not depend on Map insertion order.
  const kept = [...documentFrequency.entries()]
    .filter(([, df]) => df >= options.minDocumentFrequency)
    .map(([term]) => term)
    .sort();
  const termIndex = new Map(kept.map((term, index) => [term, index]));
  const documentCount = options.documents.length;
  const idf = new Float64Array(kept.length);
  for (const [index, term] of kept.entries())
    idf[index] = Math.log((1 + documentCount) / (1 + documentFrequency.get(term)!)) + 1;
  const vocabulary = { termIndex, idf };

  const rowPointers = new Int32Array(documentCount + 1);
  const columnChunks: Int32Array[] = [];
  const valueChunks: Float64Array[] = [];
  let entryCount = 0;
  for (const [row, terms] of options.documents.entries()) {
    const { columns, values } = weighTerms({ terms, vocabulary });
    columnChunks.push(columns);
    valueChunks.push(values);
    entryCount += columns.length;
    rowPointers[row + 1] = entryCount;
  }
  const columnIndices = new Int32Array(entryCount);
  const values = new Float64Array(entryCount);
  for (let row = 0; row < documentCount; row++) {
    columnIndices.set(columnChunks[row]!, rowPointers[row]!);
    values.set(valueChunks[row]!, rowPointers[row]!);
  }
  return {
    matrix: { rows: documentCount, columns: kept.length, rowPointers, columnIndices, values },
    vocabulary,
  };
}

/** One text's sparse TF-IDF row (columns ascending, l2 norm 1, empty if no known terms). */
export function weighTerms(options: { terms: readonly string[]; vocabulary: TfidfVocabulary }): {
  columns: Int32Array;
  values: Float64Array;
} {
  const counts = new Map<number, number>();
  for (const term of options.terms) {
    const column = options.vocabulary.termIndex.get(term);
    if (column !== undefined) counts.set(column, (counts.get(column) ?? 0) + 1);
  }
  const columns = Int32Array.from([...counts.keys()].sort((a, b) => a - b));
  const values = new Float64Array(columns.length);
  let sumOfSquares = 0;
  for (const [position, column] of columns.entries()) {
    const weight = (1 + Math.log(counts.get(column)!)) * options.vocabulary.idf[column]!;
    values[position] = weight;
    sumOfSquares += weight * weight;
  }
  const scale = sumOfSquares > 0 ? 1 / Math.sqrt(sumOfSquares) : 0;
  for (let position = 0; position < values.length; position++) values[position] = values[position]! * scale;
  return { columns, values };
}
