import { z } from "zod";

/**
 * Whose labels a qrels export holds (`export-qrels --judgments`): people's only (`human`, the
 * default, whatever the set's model-judgments setting), people's plus an LLM judge's where no
 * person judged the passage (`human+model`), or the judges' only (`model`).
 */
export const qrelJudgmentsSchema = z.enum(["human", "human+model", "model"], {
  error: "--judgments must be human, human+model or model",
});
export type QrelJudgments = z.infer<typeof qrelJudgmentsSchema>;
