import { z } from "zod";
import type { EvalLabel } from "@/lib/eval/label-metrics";
import {
  type GoldenSetFile,
  judgmentPolicySchema,
  type ModelJudgmentsPolicy,
  modelJudgmentsPolicySchema,
} from "@/lib/exchange/golden-set-schema";
import { isModelAnnotator } from "@/lib/exchange/model-annotator";

/**
 * Which judgments produced a run's numbers (issue 23: never silently mixed), stored with its
 * metrics: the set's judgment policy and model-judgments setting when it was evaluated, and how
 * many of the labels it scored were an LLM judge's.
 */
export const runJudgmentsSchema = z.object({
  policy: judgmentPolicySchema,
  modelJudgments: modelJudgmentsPolicySchema,
  modelLabels: z.int().min(0).describe("labels by an LLM judge (annotator model:<name>) the run scored"),
});
export type RunJudgments = z.infer<typeof runJudgmentsSchema>;

/** What a run evaluated under, from its set version and the labels it scored (ids `<query key>#<index>`). */
export function summarizeRunJudgments(options: {
  file: GoldenSetFile;
  labelsByQuery: ReadonlyMap<string, readonly EvalLabel[]>;
}): RunJudgments {
  const { file } = options;
  const annotators = new Map(
    file.queries.map((query) => [query.id, query.labels.map((label) => label.annotator)]),
  );
  let modelLabels = 0;
  for (const [queryKey, labels] of options.labelsByQuery) {
    const ofQuery = annotators.get(queryKey) ?? [];
    for (const label of labels) {
      const index = Number(label.id.slice(label.id.lastIndexOf("#") + 1));
      if (isModelAnnotator(ofQuery[index])) modelLabels++;
    }
  }
  return { policy: file.set.judgmentPolicy, modelJudgments: file.set.modelJudgments, modelLabels };
}

const settingText: Record<ModelJudgmentsPolicy, string> = {
  ignore: "people only",
  fill_holes: "people, model fills holes",
  model_only: "model only",
};

/**
 * "people only" · "people, model fills holes (312 model judgments)" · "model only (1 model
 * judgment)": the run summary's line. Runs stored before model judgments (null) counted people only.
 */
export function describeRunJudgments(judgments: RunJudgments | null | undefined): string {
  if (!judgments || judgments.modelJudgments === "ignore") return settingText.ignore;
  const count = judgments.modelLabels.toLocaleString("en-US");
  const noun = judgments.modelLabels === 1 ? "model judgment" : "model judgments";
  return `${settingText[judgments.modelJudgments]} (${count} ${noun})`;
}
