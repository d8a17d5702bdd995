import { z } from "zod";

/**
 * The history of labels (the LabelEvent table): what happened to a label, with its fields before
 * and after. Nothing a person labeled is lost without a trace: every creation, grade change,
 * deletion and restoration is recorded, in the same transaction as the change itself.
 *
 * - `created`: saved for the first time (in the workspace, by the demo, or by a golden-set import);
 * - `updated`: its grade changed (saved again on the same span, or changed in place);
 * - `deleted`: removed; `before` holds everything needed to restore it;
 * - `restored`: brought back by an admin from its deletion;
 * - `merged`: an older duplicate of the same (query, document, span, annotator), folded into the
 *   newest when labels became unique (written by the 20261201011956_hardening migration).
 */
const labelEventActionSchema = z.enum(["created", "updated", "deleted", "restored", "merged"]);
export type LabelEventAction = z.infer<typeof labelEventActionSchema>;

/**
 * A label's fields as one history snapshot (`LabelEvent.before` / `after`). The migration wrote
 * the same shape with SQL's json_object, so dates are strings in whatever form the database held
 * them (ISO 8601, or "YYYY-MM-DD HH:MM:SS").
 */
export const labelSnapshotSchema = z.object({
  documentId: z.string().min(1),
  documentVersion: z.number().int().min(1),
  kind: z.enum(["quote", "document"]),
  exact: z.string().nullable(),
  prefix: z.string().nullable(),
  suffix: z.string().nullable(),
  start: z.number().int().nullable(),
  end: z.number().int().nullable(),
  grade: z.number().int(),
  annotatorId: z.string().nullable(),
  /** Present (true) only on an adjudicator's deciding judgment; events before it existed lack it. */
  adjudicated: z.literal(true).optional(),
  /** The import (JudgmentImport) the label came from; absent on labels made here and on older events. */
  judgmentImportId: z.string().min(1).optional(),
  /**
   * The LLM judge's suggestion a person accepted to make this label or give it this grade
   * (workspace "ask the judge"): the judge's annotator `model:<name>` and the ModelJudgment. The
   * label is the person's; this says where its grade came from. Absent on every other event.
   */
  suggestedBy: z.object({ judge: z.string().min(1), judgmentId: z.string().min(1) }).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LabelSnapshot = z.infer<typeof labelSnapshotSchema>;

/** The label fields a snapshot is taken of (a Label row has them all). */
export type SnapshotSource = Omit<
  LabelSnapshot,
  "kind" | "adjudicated" | "judgmentImportId" | "suggestedBy" | "createdAt" | "updatedAt"
> & {
  kind: string;
  adjudicated?: boolean;
  judgmentImportId?: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** An accepted judge suggestion, as a snapshot records it. */
export type LabelSuggestion = NonNullable<LabelSnapshot["suggestedBy"]>;

/**
 * The snapshot of a label row, validated so that every event carries the one shape;
 * `suggestedBy` when the change was a person accepting the judge's suggestion.
 */
export function labelSnapshot(label: SnapshotSource, suggestedBy?: LabelSuggestion): LabelSnapshot {
  return labelSnapshotSchema.parse({
    documentId: label.documentId,
    documentVersion: label.documentVersion,
    kind: label.kind,
    exact: label.exact,
    prefix: label.prefix,
    suffix: label.suffix,
    start: label.start,
    end: label.end,
    grade: label.grade,
    annotatorId: label.annotatorId,
    ...(label.adjudicated ? { adjudicated: true } : {}),
    ...(label.judgmentImportId ? { judgmentImportId: label.judgmentImportId } : {}),
    ...(suggestedBy ? { suggestedBy } : {}),
    createdAt: label.createdAt.toISOString(),
    updatedAt: label.updatedAt.toISOString(),
  });
}

/** A stored snapshot (JSON from the database), or null when absent or not of this shape. */
export function readLabelSnapshot(value: unknown): LabelSnapshot | null {
  const parsed = labelSnapshotSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
