import type { ModelJudgmentsPolicy } from "@/lib/exchange/golden-set-schema";
import type { ChoiceSetting } from "./choice-setting-card";

/**
 * What labels of LLM judges (annotator `model:<name>`) count for in the set's evaluations
 * (lib/eval/count-judgments.ts): never mixed with people's silently. Adjudicators change it.
 */
export const modelJudgmentsSetting: ChoiceSetting<"modelJudgments", ModelJudgmentsPolicy> = {
  id: "model-judgments",
  title: "Model judgments",
  description:
    "Whether an LLM judge's labels count, before the rule above. Every run says which setting produced its numbers; it applies to runs started after a change.",
  name: "modelJudgments",
  choices: [
    {
      value: "ignore",
      title: "Ignore",
      description: "people's labels only; a judge's are kept but never counted",
    },
    {
      value: "fill_holes",
      title: "Fill holes",
      description: "a judge's label counts only where no person judged the passage",
    },
    { value: "model_only", title: "Model only", description: "a judge's labels only, people's left out" },
  ],
  savedMessage: "Saved: the next run counts model judgments this way.",
};
