import { z } from "zod";
import { toNumber } from "@/lib/judging/judge-form-schema";
import { judgingSourceSchema } from "@/lib/judging/judging-source";

// A set's Judging page starts a job from this form (issue 23): a judge, what to judge — a pool of
// chosen runs or the holes of one run, to a depth — and optional prices, so the job shows its cost.

/** Dollars (or any currency) per million tokens; blank means no price, so no cost is shown. */
const price = (label: string) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: `${label} must be a number, e.g. 0.15` })
      .min(0, { error: `${label} cannot be negative` })
      .max(10_000, { error: `${label} must be at most 10,000 per million tokens` })
      .optional(),
  );

export const startJudgingSchema = z.object({
  judgeId: z.string({ error: "choose a judge" }).min(1, { error: "choose a judge" }),
  source: judgingSourceSchema,
  prices: z.object({
    promptPerMillion: price("The prompt price"),
    completionPerMillion: price("The completion price"),
  }),
});

function text(formData: FormData, name: string): string | undefined {
  const value = formData.get(name);
  return typeof value === "string" ? value : undefined;
}

/**
 * The form's fields as the schema's shape: `sourceKind` "runs" (the checked `runIds`) or
 * "holes" (`holesRunId`); `depth`, `promptPrice`, `completionPrice` as typed.
 */
export function startJudgingFormInput(formData: FormData): unknown {
  const depth = toNumber(text(formData, "depth"));
  const source =
    text(formData, "sourceKind") === "holes"
      ? { kind: "holes", runId: text(formData, "holesRunId") ?? "", depth }
      : {
          kind: "runs",
          runIds: formData.getAll("runIds").filter((value) => typeof value === "string" && value !== ""),
          depth,
        };
  return {
    judgeId: text(formData, "judgeId") ?? "",
    source,
    prices: {
      promptPerMillion: text(formData, "promptPrice"),
      completionPerMillion: text(formData, "completionPrice"),
    },
  };
}
