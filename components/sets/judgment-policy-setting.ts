import type { ChoiceSetting } from "./choice-setting-card";

/**
 * The set's judgment policy: which judgments count where no decision was recorded (README,
 * “Which judgments count”). Adjudicators change it; others see it.
 */
export const judgmentPolicySetting: ChoiceSetting<"policy", "any" | "majority" | "mean"> = {
  id: "judgment-policy",
  title: "Which judgments count",
  description:
    "Where annotators disagree on a document, evaluation counts the adjudicated decision; elsewhere this rule. It applies to runs started after a change.",
  name: "policy",
  choices: [
    { value: "any", title: "Any annotator", description: "every label counts with its grade" },
    {
      value: "majority",
      title: "Majority",
      description: "a document is relevant only when more than half of its annotators say so",
    },
    {
      value: "mean",
      title: "Mean grade",
      description: "grades are capped at the annotators' mean, rounded half up",
    },
  ],
  savedMessage: "Saved: the next run counts judgments this way.",
};
