import type { GoldenSetFile } from "@/lib/exchange/golden-set-schema";

/**
 * Building blocks for the golden set files tests import: the file's fixed frame (format, version,
 * judgment policies), a labeled query, a document label and a quote label with its selectors.
 * Each returns a fresh object, so a test may mutate what it gets.
 */

type GoldenSetQuery = GoldenSetFile["queries"][number];
type GoldenSetLabel = GoldenSetQuery["labels"][number];
type GradeLevel = GoldenSetFile["set"]["gradeScale"][number];

/** The timestamp fixture labels carry unless a test needs another. */
export const FIXTURE_LABELED_AT = "2026-12-01T00:00:00.000Z";

/** Grade 0 "not relevant" and 1 "relevant": the scale most fixture sets use. */
export function binaryGradeScale(): GradeLevel[] {
  return [
    { grade: 0, name: "not relevant" },
    { grade: 1, name: "relevant" },
  ];
}

/**
 * A golden set file with an empty description, policies "any" / "ignore", relevance from grade 1,
 * the binary grade scale and a 2,000-character context budget unless the options say otherwise.
 * The corpus is named after the set unless `corpusName` is given.
 */
export function buildGoldenSetFile(options: {
  name: string;
  corpusName?: string;
  documents: GoldenSetFile["corpus"]["documents"];
  queries: GoldenSetQuery[];
  gradeScale?: GradeLevel[];
  relevantThreshold?: number;
  contextBudgetChars?: number;
  split?: GoldenSetFile["set"]["split"];
}): GoldenSetFile {
  return {
    format: "goldenset",
    version: 1,
    set: {
      name: options.name,
      description: "",
      relevantThreshold: options.relevantThreshold ?? 1,
      gradeScale: options.gradeScale ?? binaryGradeScale(),
      judgmentPolicy: "any",
      modelJudgments: "ignore",
      contextBudgetChars: options.contextBudgetChars ?? 2000,
      ...(options.split ? { split: options.split } : {}),
    },
    corpus: { name: options.corpusName ?? options.name, documents: options.documents },
    queries: options.queries,
  };
}

/** The corpus entries of stored documents that are all at version 1 (a fresh import). */
export function firstVersionDocuments(
  rows: { externalId: string; contentHash: string }[],
): GoldenSetFile["corpus"]["documents"] {
  return rows.map((row) => ({ id: row.externalId, version: 1, contentHash: row.contentHash }));
}

/** A labeled query with no information need, tags, notes or log source. */
export function labeledQuery(id: string, text: string, labels: GoldenSetLabel[]): GoldenSetQuery {
  return { id, text, informationNeed: "", tags: [], notes: "", status: "labeled", source: null, labels };
}

/** A label on a whole document (version 1 and no annotator unless given), made and last changed at `at`. */
export function documentLabel(
  document: string,
  grade: number,
  options: { documentVersion?: number; annotator?: string; at?: string } = {},
): GoldenSetLabel {
  const at = options.at ?? FIXTURE_LABELED_AT;
  return {
    document,
    documentVersion: options.documentVersion ?? 1,
    grade,
    annotator: options.annotator ?? null,
    createdAt: at,
    updatedAt: at,
    target: { kind: "document" },
  };
}

/**
 * A label on `text.slice(start, end)` of version 1 of `document` (whose text is `text`), by no
 * annotator, with the 32 characters on each side as the quote's prefix and suffix.
 */
export function quoteLabel(options: {
  document: string;
  text: string;
  start: number;
  end: number;
  grade: number;
}): GoldenSetLabel {
  const { text, start, end } = options;
  return {
    document: options.document,
    documentVersion: 1,
    grade: options.grade,
    annotator: null,
    createdAt: FIXTURE_LABELED_AT,
    updatedAt: FIXTURE_LABELED_AT,
    target: {
      kind: "quote",
      selector: [
        {
          type: "TextQuoteSelector",
          exact: text.slice(start, end),
          prefix: text.slice(Math.max(0, start - 32), start),
          suffix: text.slice(end, end + 32),
        },
        { type: "TextPositionSelector", start, end },
      ],
    },
  };
}
