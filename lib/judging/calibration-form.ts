import { z } from "zod";
import { toNumber } from "@/lib/judging/judge-form-schema";

// The judge report's calibration-sample form (issue 23, item 6): how many model-judged passages
// to draw, and which people are assigned their queries.

/** As lib/db/calibration-samples.ts MAX_CALIBRATION_SIZE. */
const MAX_SIZE = 2_000;

export const calibrationFormSchema = z.object({
  size: z.preprocess(
    toNumber,
    z
      .number({ error: "Give the sample's size, a whole number of passages" })
      .int({ error: "The size must be a whole number of passages" })
      .min(1, { error: "The size must be at least 1 passage" })
      .max(MAX_SIZE, { error: `The size must be at most ${MAX_SIZE.toLocaleString("en-US")} passages` }),
  ),
  annotatorIds: z
    .array(z.string().min(1))
    .min(1, { error: "Choose at least one person to judge the sample" }),
});

export function calibrationFormInput(formData: FormData): unknown {
  const size = formData.get("size");
  return {
    size: typeof size === "string" ? size : undefined,
    annotatorIds: formData
      .getAll("annotatorIds")
      .filter((value) => typeof value === "string" && value !== ""),
  };
}
