import { z } from "zod";
import { refuseUnstorableText } from "@/lib/storable-text";
import { checkGoldenSetReferences } from "./check-golden-set-references";

/**
 * THE golden set exchange format, version 1 (docs/domain.md, "Exchange formats"). This schema is
 * the source of truth: public/schemas/goldenset-v1.schema.json is generated from it
 * (write-json-schema.ts), and the key order here is the key order of exported files. Every object
 * is strict: an unknown field is an error, not silently dropped. Offsets are UTF-16 code units
 * (JavaScript string indexes) into the document version's text after NFC + LF normalization.
 */

const gradeLevelSchema = z
  .object({
    grade: z.int().min(0).max(10),
    name: z.string().meta({ description: 'What the grade means, e.g. "answers it"' }),
  })
  .strict();

/**
 * Which judgments count in evaluation where a (query, document) pair has no adjudicated label
 * (README, "Which judgments count"): every label (`any`), the majority's verdict on relevance
 * (`majority`), or the annotators' mean grade (`mean`). lib/eval/count-judgments.ts applies it.
 */
export const judgmentPolicySchema = z.enum(["any", "majority", "mean"]);
export type JudgmentPolicy = z.infer<typeof judgmentPolicySchema>;

/**
 * What labels of an LLM judge (annotator `model:<judge name>`, lib/judging/model-annotator.ts)
 * count for in evaluation: nothing (`ignore`, the default), only where no person judged the
 * passage (`fill_holes`), or alone, people's labels left out (`model_only`).
 * lib/eval/count-judgments.ts applies it before the judgment policy.
 */
export const modelJudgmentsPolicySchema = z.enum(["ignore", "fill_holes", "model_only"]);
export type ModelJudgmentsPolicy = z.infer<typeof modelJudgmentsPolicySchema>;

/**
 * The context budget the set's runs score context recall, precision and IoU at (docs/domain.md,
 * "Evaluation"), in characters.
 */
export const DEFAULT_CONTEXT_BUDGET_CHARS = 2_000;
export const MIN_CONTEXT_BUDGET_CHARS = 100;
export const MAX_CONTEXT_BUDGET_CHARS = 1_000_000;
export const contextBudgetCharsSchema = z
  .int("The context budget is a whole number of characters")
  .min(MIN_CONTEXT_BUDGET_CHARS, "The context budget is at least 100 characters")
  .max(MAX_CONTEXT_BUDGET_CHARS, "The context budget is at most 1,000,000 characters");

/** A query's side of the set's dev/holdout split (lib/sets/split-queries.ts). */
export const querySplitSchema = z.enum(["dev", "holdout"]);

const setSplitSchema = z
  .object({
    seed: z.int().min(0).max(4294967295),
    holdoutShare: z
      .number()
      .min(0)
      .max(1)
      .meta({ description: "The holdout share aimed at, per query class" }),
  })
  .strict();

const setSchema = z
  .object({
    name: z.string().min(1).max(200),
    description: z.string(),
    relevantThreshold: z.int().min(0).meta({ description: "Labels with grade ≥ this count as relevant" }),
    gradeScale: z.array(gradeLevelSchema).min(1).meta({ description: "Unique grades, ascending" }),
    judgmentPolicy: judgmentPolicySchema.default("any").meta({
      description:
        "Which judgments count in evaluation where a (query, document) pair has no adjudicated label: any label, the majority's verdict, or the mean grade. Optional on import (any); always exported",
    }),
    modelJudgments: modelJudgmentsPolicySchema.default("ignore").meta({
      description:
        'What labels of LLM judges (annotator "model:<judge name>") count for in evaluation: nothing (ignore), only where no person judged the passage (fill_holes), or alone (model_only). Optional on import (ignore); always exported',
    }),
    contextBudgetChars: contextBudgetCharsSchema.default(DEFAULT_CONTEXT_BUDGET_CHARS).meta({
      description:
        "The context budget, in characters, at which runs compute context recall, precision and IoU (100 to 1,000,000). Optional on import (2000); always exported",
    }),
    split: setSplitSchema.optional().meta({
      description:
        "How the queries were split into dev and holdout (seeded, stratified by query class). Exported only when the set is split",
    }),
  })
  .strict();

const corpusDocumentSchema = z
  .object({
    id: z.string().min(1).meta({ description: "The document's external id in the corpus" }),
    version: z
      .int()
      .min(1)
      .meta({ description: "A version that labels were made on; contentHash is of its text" }),
    contentHash: z
      .string()
      .regex(/^sha256:[0-9a-f]{64}$/, { error: 'must be "sha256:" followed by 64 lowercase hex digits' }),
  })
  .strict();

const corpusSchema = z
  .object({
    name: z.string(),
    documents: z
      .array(corpusDocumentSchema)
      .meta({ description: "Every document version that labels refer to, each (id, version) once" }),
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
  z
    .object({
      kind: z.literal("quote"),
      selector: z.tuple([textQuoteSelectorSchema, textPositionSelectorSchema]),
    })
    .strict(),
]);

const timestampSchema = z.iso.datetime({ offset: true });

const labelSchema = z
  .object({
    document: z.string().min(1).meta({ description: "A document id listed in corpus.documents" }),
    documentVersion: z
      .int()
      .min(1)
      .meta({ description: "The version the label was made on, listed in corpus.documents" }),
    grade: z.int().meta({ description: "One of the grades in set.gradeScale" }),
    annotator: z.string().nullable(),
    adjudicated: z.boolean().optional().meta({
      description:
        "The deciding judgment an adjudicator (the annotator) recorded for a disagreement: where a (query, document) pair has one, only adjudicated labels count. Exported only when true",
    }),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    target: labelTargetSchema,
  })
  .strict();

const queryStatuses = ["unlabeled", "in_progress", "labeled", "skipped", "no_answer"] as const;

const querySchema = z
  .object({
    id: z.string().min(1),
    text: z.string().min(1),
    informationNeed: z.string(),
    tags: z.array(z.string()),
    notes: z.string(),
    status: z.enum(queryStatuses),
    split: querySplitSchema.optional().meta({
      description:
        "dev or holdout: the side of the set's split this query is on. Exported only when it has one (a query added after the split has none)",
    }),
    source: z
      .object({ logQuery: z.string().meta({ description: "The normalized log query it was sampled from" }) })
      .strict()
      .nullable(),
    labels: z.array(labelSchema),
  })
  .strict();

/** The settings of a judge whose labels are in the file; never a key, at most the key variable's name. */
const judgeSchema = z
  .object({
    annotator: z
      .string()
      .startsWith("model:", { error: 'must start with "model:"' })
      .meta({ description: 'The annotator of its labels: "model:" followed by the judge\'s name' }),
    name: z.string().min(1),
    version: z.int().min(1),
    baseUrl: z
      .string()
      .meta({ description: "The OpenAI-compatible endpoint; requests went to {baseUrl}/chat/completions" }),
    model: z.string(),
    apiKeyVariable: z
      .string()
      .optional()
      .meta({ description: "The name of the environment variable that held the API key (never its value)" }),
    promptVersion: z.string(),
    temperature: z.number(),
    maxTokens: z.int().min(1),
  })
  .strict();

/** The shapes alone; goldenSetFileSchema adds the cross-reference rules. */
export const goldenSetFileObjectSchema = z
  .object({
    format: z.literal("goldenset"),
    version: z.literal(1),
    set: setSchema,
    corpus: corpusSchema,
    judges: z.array(judgeSchema).optional().meta({
      description:
        "The LLM judges whose labels (annotator model:<name>) are in the file, each version once. Exported only when there are some; an import keeps their labels but creates no judge",
    }),
    queries: z.array(querySchema),
  })
  .strict();

export const goldenSetFileSchema = goldenSetFileObjectSchema
  .superRefine(checkGoldenSetReferences)
  .superRefine(refuseUnstorableText)
  .meta({
    title: "Goldenset golden set file, version 1",
    description:
      "Selector offsets are UTF-16 code units (JavaScript string indexes) into the NFC + LF normalized text " +
      "of the label's document version. Rules this schema cannot express are enforced on import: unique " +
      "query ids and texts, unique (id, version) pairs in corpus.documents, every label's (document, " +
      "documentVersion) listed there, label grades in set.gradeScale (unique, ascending), relevantThreshold " +
      "at most the highest grade, end − start equal to the quote's length, updatedAt not before createdAt.",
  });

export type GoldenSetFile = z.infer<typeof goldenSetFileSchema>;
