import type { Prisma } from "@/lib/db/client";
import type { PolicyLabel } from "@/lib/eval/count-judgments";
import {
  type JudgmentPolicy,
  judgmentPolicySchema,
  type ModelJudgmentsPolicy,
  modelJudgmentsPolicySchema,
} from "@/lib/exchange/golden-set-schema";

/**
 * What lib/eval/count-judgments reads of a stored label, as a Prisma select: the annotator's email
 * tells a judge's labels (`model:<name>`) from people's, the span tells whose passage it is.
 */
export const policyLabelSelect = {
  documentId: true,
  grade: true,
  annotatorId: true,
  adjudicated: true,
  kind: true,
  start: true,
  end: true,
  annotator: { select: { email: true } },
} as const;

type SelectedLabel = Prisma.LabelGetPayload<{ select: typeof policyLabelSelect }>;

/** A stored label as the judgment policy reads it; documents by id, annotators by email. */
export function toPolicyLabel(label: SelectedLabel): PolicyLabel {
  const quote = label.kind !== "document" && label.start !== null && label.end !== null;
  return {
    document: label.documentId,
    grade: label.grade,
    annotator: label.annotator?.email ?? label.annotatorId,
    adjudicated: label.adjudicated,
    span: quote ? { start: label.start ?? 0, end: label.end ?? 0 } : null,
  };
}

/** A set row's judgment settings, stored as text, read safely (unknown values: the defaults). */
export function setJudging(set: {
  judgmentPolicy: string;
  modelJudgments: string;
  relevantThreshold: number;
}): {
  policy: JudgmentPolicy;
  modelJudgments: ModelJudgmentsPolicy;
  relevantThreshold: number;
} {
  return {
    policy: judgmentPolicySchema.catch("any").parse(set.judgmentPolicy),
    modelJudgments: modelJudgmentsPolicySchema.catch("ignore").parse(set.modelJudgments),
    relevantThreshold: set.relevantThreshold,
  };
}
