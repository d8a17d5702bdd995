/**
 * What the evaluate form posts for BM25 with its defaults (checkboxes as "true"/"false"; an axis
 * without a setting has its values input disabled, so not posted). Tests spread their changes
 * over it.
 */
export const bm25Form = {
  name: "BM25 baseline",
  retrieverKind: "bm25",
  strategy: "fixed-characters",
  chunkSize: "400",
  chunkOverlap: "80",
  k1: "0.9",
  b: "0.4",
  lowercase: "true",
  stopwords: "true",
  stem: "true",
  topK: "20",
  scoreThreshold: "",
  coverage: "1",
  rerank: "false",
  mode: "label",
  axis1Path: "",
  axis2Path: "",
  skipInvalid: "true",
};
