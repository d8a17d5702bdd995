import { z } from "zod";
import { JUDGE_LIMITS, judgeSettingsSchema } from "@/lib/judging/judge-settings-schema";

// The Judges page's form (issue 23): text fields in, the judge's settings out. Blank optional
// fields mean "not set" (no key variable, no budget) or the default; numbers must be whole. The
// settings schema then applies its own rules (URL, variable name, temperature), so the form and
// the API refuse the same things — each message lands beside its field.

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** "4" → 4; blank → undefined; "four" stays a string so the schema's message says what is wrong. */
export const toNumber = (value: unknown) => {
  const blank = blankToUndefined(value);
  if (typeof blank !== "string") return blank;
  const number = Number(blank.trim());
  return Number.isFinite(number) ? number : blank;
};

function wholeNumber(label: string, bounds: { min: number; max: number }) {
  return z.preprocess(
    toNumber,
    z
      .number({ error: `${label} must be a whole number` })
      .int({ error: `${label} must be a whole number` })
      .min(bounds.min, { error: `${label} must be at least ${bounds.min.toLocaleString("en-US")}` })
      .max(bounds.max, { error: `${label} must be at most ${bounds.max.toLocaleString("en-US")}` })
      .optional(),
  );
}

const settings = judgeSettingsSchema.shape;

/** Every field checked in one pass, so each error shows at once; then the settings' defaults. */
export const judgeFormSchema = z
  .object({
    name: settings.name,
    baseUrl: z.preprocess((value) => (typeof value === "string" ? value.trim() : value), settings.baseUrl),
    model: settings.model,
    apiKeyVariable: z.preprocess((value) => {
      const given = blankToUndefined(value);
      return typeof given === "string" ? given.trim() : given;
    }, settings.apiKeyVariable),
    maxTokens: wholeNumber("Max tokens", JUDGE_LIMITS.maxTokens),
    concurrency: wholeNumber("Concurrency", JUDGE_LIMITS.concurrency),
    timeoutSeconds: wholeNumber("The timeout", {
      min: JUDGE_LIMITS.timeoutMs.min / 1_000,
      max: JUDGE_LIMITS.timeoutMs.max / 1_000,
    }),
    maxCalls: wholeNumber("The budget", { min: 1, max: JUDGE_LIMITS.maxCalls.max }),
  })
  .transform(({ timeoutSeconds, ...rest }) => ({
    ...rest,
    ...(timeoutSeconds === undefined ? {} : { timeoutMs: timeoutSeconds * 1_000 }),
  }))
  .pipe(judgeSettingsSchema);

/** The form's text values for a stored judge (the edit form starts from them). */
export function judgeFormValues(settings: z.output<typeof judgeSettingsSchema>): Record<string, string> {
  return {
    name: settings.name,
    baseUrl: settings.baseUrl,
    model: settings.model,
    apiKeyVariable: settings.apiKeyVariable ?? "",
    maxTokens: String(settings.maxTokens),
    concurrency: String(settings.concurrency),
    timeoutSeconds: String(Math.round(settings.timeoutMs / 1_000)),
    maxCalls: settings.maxCalls === undefined ? "" : String(settings.maxCalls),
  };
}
