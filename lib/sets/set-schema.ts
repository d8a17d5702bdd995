import { z } from "zod";

export const queryStatusSchema = z.enum(["unlabeled", "in_progress", "labeled", "skipped", "no_answer"]);
export type QueryStatus = z.infer<typeof queryStatusSchema>;

export const gradeScaleSchema = z
  .array(z.object({ grade: z.number().int().min(0).max(10), name: z.string() }))
  .min(2);
export type GradeScale = z.infer<typeof gradeScaleSchema>;

/** docs/domain.md, "Grades and judgments": 0 not relevant, 1 partly, 2 relevant, 3 answers it. */
export const defaultGradeScale: GradeScale = [
  { grade: 0, name: "Not relevant" },
  { grade: 1, name: "Partly relevant" },
  { grade: 2, name: "Relevant" },
  { grade: 3, name: "Answers it" },
];

export const createSetInputSchema = z.object({
  name: z.string().trim().min(1, "Give the set a name").max(200),
  description: z.string().trim().max(2000).default(""),
  corpusId: z.string().min(1, "Choose a corpus"),
});

export const createQuoteLabelInputSchema = z.object({
  queryId: z.string().min(1),
  documentId: z.string().min(1),
  documentVersion: z.number().int().min(1),
  start: z.number().int().min(0),
  end: z.number().int().min(1),
  grade: z.number().int().min(0).max(10),
});

export const createDocumentLabelInputSchema = z.object({
  queryId: z.string().min(1),
  documentId: z.string().min(1),
  documentVersion: z.number().int().min(1),
  grade: z.number().int().min(0).max(10),
});

/** A new grade for an existing label (its owner, or an engineer or admin: lib/auth/roles.ts). */
export const changeLabelGradeInputSchema = z.object({
  labelId: z.string().min(1),
  grade: z.number().int().min(0).max(10),
});

/** "q-0001": the stable key of the n-th query added to a set. */
export function queryKey(n: number): string {
  return `q-${String(n).padStart(4, "0")}`;
}
