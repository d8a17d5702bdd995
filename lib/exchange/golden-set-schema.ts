import { z } from "zod";

/**
 * THE golden set exchange format, version 1 (DESIGN.md §6). This schema is the source of
 * truth: public/schemas/goldenset-v1.schema.json is generated from it (write-json-schema.ts),
 * and the key order here is the key order of exported files. Every object is strict: an
 * unknown field is an error, not silently dropped. Offsets are UTF-16 code units (JavaScript
 * string indexes) into the document version's text after NFC + LF normalization.
 */

const gradeLevelSchema = z
  .object({
    grade: z.int().min(0).max(10),
    name: z.string().meta({ description: 'What the grade means, e.g. "answers it"' }),
  })
  .strict();

const setSchema = z
  .object({
    name: z.string().min(1).max(200),
    description: z.string(),
    relevantThreshold: z.int().min(0).meta({ description: "Labels with grade ≥ this count as relevant" }),
    gradeScale: z.array(gradeLevelSchema).min(1).meta({ description: "Unique grades, ascending" }),
  })
  .strict();

const corpusDocumentSchema = z
  .object({
    id: z.string().min(1).meta({ description: "The document's external id in the corpus" }),
    version: z.int().min(1).meta({ description: "The document version the set was exported against" }),
    contentHash: z
      .string()
      .regex(/^sha256:[0-9a-f]{64}$/, { error: 'must be "sha256:" followed by 64 lowercase hex digits' }),
  })
  .strict();

const corpusSchema = z
  .object({
    name: z.string(),
    documents: z.array(corpusDocumentSchema).meta({ description: "Unique ids; one entry per document" }),
  })
  .strict();

const textQuoteSelectorSchema = z
  .object({
    type: z.literal("TextQuoteSelector"),
    exact: z.string().min(1),
    prefix: z.string(),
    suffix: z.string(),
  })
  .strict()
  .meta({ description: "W3C Web Annotation TextQuoteSelector: the quote and its context" });

const textPositionSelectorSchema = z
  .object({
    type: z.literal("TextPositionSelector"),
    start: z.int().min(0),
    end: z.int().meta({ description: "Exclusive; end − start equals the quote's length" }),
  })
  .strict()
  .meta({ description: "W3C Web Annotation TextPositionSelector: a hint, on the label's document version" });

const labelTargetSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("document") }).strict(),
  z.object({ kind: z.literal("quote"), selector: z.tuple([textQuoteSelectorSchema, textPositionSelectorSchema]) }).strict(),
]);

const timestampSchema = z.iso.datetime({ offset: true });

const labelSchema = z
  .object({
    document: z.string().min(1).meta({ description: "A document id listed in corpus.documents" }),
    documentVersion: z.int().min(1).meta({ description: "The version the label was made on (≤ the corpus's)" }),
    grade: z.int().meta({ description: "One of the grades in set.gradeScale" }),
    annotator: z.string().nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    target: labelTargetSchema,
  })
  .strict();

export const queryStatuses = ["unlabeled", "in_progress", "labeled", "skipped", "no_answer"] as const;

const querySchema = z
  .object({
    id: z.string().min(1),
    text: z.string().min(1),
    informationNeed: z.string(),
    tags: z.array(z.string()),
    notes: z.string(),
    status: z.enum(queryStatuses),
    source: z
      .object({ logQuery: z.string().meta({ description: "The normalized log query it was sampled from" }) })
      .strict()
      .nullable(),
    labels: z.array(labelSchema),
  })
  .strict();

const goldenSetFileObjectSchema = z
  .object({
    format: z.literal("goldenset"),
    version: z.literal(1),
    set: setSchema,
    corpus: corpusSchema,
    queries: z.array(querySchema),
  })
  .strict();

export const goldenSetFileSchema = goldenSetFileObjectSchema
  .superRefine(checkCrossReferences)
  .meta({ title: "Goldenset golden set file, version 1" });

export type GoldenSetFile = z.infer<typeof goldenSetFileSchema>;

type Path = (string | number)[];
type ObjectFile = z.output<typeof goldenSetFileObjectSchema>;

/**
 * What JSON Schema cannot say, reported at the offending value's path. A label's document must
 * be listed in corpus.documents by id, on the same or an older version: labels made on an old
 * version are legitimate — they are re-anchored on the current text at evaluation time.
 */
function checkCrossReferences(file: ObjectFile, context: z.RefinementCtx<ObjectFile>): void {
  const report = (path: Path, message: string) => context.addIssue({ code: "custom", message, path });

  const grades = file.set.gradeScale.map((level) => level.grade);
  grades.forEach((grade, index) => {
    const previous = grades[index - 1];
    if (previous !== undefined && grade <= previous) {
      report(["set", "gradeScale", index, "grade"], `grades must be unique and ascending (${grade} after ${previous})`);
    }
  });
  const highest = Math.max(...grades);
  if (file.set.relevantThreshold > highest) {
    report(["set", "relevantThreshold"], `is ${file.set.relevantThreshold}, above the highest grade ${highest}`);
  }

  const versionById = new Map<string, number>();
  file.corpus.documents.forEach((document, index) => {
    if (versionById.has(document.id)) {
      report(["corpus", "documents", index, "id"], `duplicate document id "${document.id}"`);
    }
    versionById.set(document.id, document.version);
  });

  const firstIndexById = new Map<string, number>();
  const firstIndexByText = new Map<string, number>();
  file.queries.forEach((query, queryIndex) => {
    const sameId = firstIndexById.get(query.id);
    if (sameId !== undefined) report(["queries", queryIndex, "id"], `duplicate query id (as queries[${sameId}])`);
    else firstIndexById.set(query.id, queryIndex);
    const sameText = firstIndexByText.get(query.text);
    if (sameText !== undefined) report(["queries", queryIndex, "text"], `duplicate query text (as queries[${sameText}])`);
    else firstIndexByText.set(query.text, queryIndex);

    query.labels.forEach((label, labelIndex) => {
      const at = (...rest: Path): Path => ["queries", queryIndex, "labels", labelIndex, ...rest];
      if (!grades.includes(label.grade)) {
        report(at("grade"), `grade ${label.grade} is not in set.gradeScale (${grades.join(", ")})`);
      }
      const version = versionById.get(label.document);
      if (version === undefined) {
        report(at("document"), `document "${label.document}" is not listed in corpus.documents`);
      } else if (label.documentVersion > version) {
        report(at("documentVersion"), `is ${label.documentVersion}, newer than the corpus's version ${version}`);
      }
      if (Date.parse(label.updatedAt) < Date.parse(label.createdAt)) report(at("updatedAt"), "is before createdAt");
      if (label.target.kind === "quote") {
        const [quote, position] = label.target.selector;
        if (position.end <= position.start) {
          report(at("target", "selector", 1, "end"), `must be greater than start (${position.start})`);
        } else if (position.end - position.start !== quote.exact.length) {
          report(
            at("target", "selector", 1, "end"),
            `end − start is ${position.end - position.start}, but the quote is ${quote.exact.length} characters long`,
          );
        }
      }
    });
  });
}
