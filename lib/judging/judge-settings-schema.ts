import { z } from "zod";
import { checkKeyVariable, type ServicePolicy } from "@/lib/configs/check-config-services";
import { envVarNameSchema, httpUrlSchema } from "@/lib/configs/config-schema";
import { JUDGE_PROMPT_VERSION } from "@/lib/judging/build-judge-prompt";
import { checkOutboundUrl } from "@/lib/retrieval/providers/check-outbound-url";

// A judge (issue 23) is data like a retrieval configuration: validated here, stored as JSON,
// immutable once it has judged (diff-judge-settings.ts says which edits make a new version).

/** Bounds shared by the schema and the form's hints. */
export const JUDGE_LIMITS = {
  maxTokens: { min: 16, max: 4_096, default: 300 },
  concurrency: { min: 1, max: 16, default: 4 },
  timeoutMs: { min: 1_000, max: 600_000, default: 60_000 },
  maxCalls: { max: 1_000_000 },
  nameLength: 80,
} as const;

/** A whole number within a setting's limits, its default when absent. */
const boundedInt = (limits: { min: number; max: number; default: number }) =>
  z.number().int().min(limits.min).max(limits.max).default(limits.default);

export const judgeSettingsSchema = z.object({
  /** Shown in the app and written as the annotator `model:<name>` of the judge's labels. */
  name: z
    .string()
    .trim()
    .min(1, { error: "give the judge a name" })
    .max(JUDGE_LIMITS.nameLength, { error: `must be at most ${JUDGE_LIMITS.nameLength} characters` }),
  /**
   * Up to and including the version segment (`https://api.openai.com/v1`,
   * `http://localhost:11434/v1`); requests go to `{baseUrl}/chat/completions`. Its host must be in
   * GOLDENSET_OUTBOUND_ALLOWLIST (checkJudgeServices).
   */
  baseUrl: httpUrlSchema,
  model: z.string().trim().min(1, { error: "name the model, e.g. gpt-4o-mini or llama3.1:8b" }),
  /**
   * The environment variable holding the API key, under the embedding providers' rules (a name
   * here; allowed and not reserved, checked by checkJudgeServices). Absent: no key is sent, as
   * local servers such as Ollama need none.
   */
  apiKeyVariable: envVarNameSchema.optional(),
  /** The prompt's wording version; part of the judge version and so of the cache identity. */
  promptVersion: z.string().trim().min(1).default(JUDGE_PROMPT_VERSION),
  /** Always 0: a judge must answer the same pair the same way, or its cache would lie. */
  temperature: z.literal(0, { error: "a judge's temperature is always 0" }).default(0),
  /** `max_tokens` per answer: the JSON object with a quote and one sentence needs little. */
  maxTokens: boundedInt(JUDGE_LIMITS.maxTokens),
  /** Requests in flight at once for one judging job. */
  concurrency: boundedInt(JUDGE_LIMITS.concurrency),
  /** Per attempt, retries excluded. */
  timeoutMs: boundedInt(JUDGE_LIMITS.timeoutMs),
  /** The budget: HTTP requests (retries included) a job may make before it pauses. Absent: none. */
  maxCalls: z.number().int().min(1).max(JUDGE_LIMITS.maxCalls.max).optional(),
});

/** What a form or the API sends (defaults may be left out). */
export type JudgeSettingsInput = z.input<typeof judgeSettingsSchema>;
/** What is stored: every default filled in. */
export type JudgeSettings = z.output<typeof judgeSettingsSchema>;

/**
 * Refuses, before a judge is saved or used, settings the server would not call: a key variable
 * the admin did not allow or a reserved one, or a base URL outside the outbound allow-list.
 * The same checks, and messages, as a retrieval configuration's services.
 */
export function checkJudgeServices(settings: JudgeSettings, server: ServicePolicy): void {
  if (settings.apiKeyVariable !== undefined)
    checkKeyVariable(settings.apiKeyVariable, "judge", server.keyVariables);
  checkOutboundUrl({
    url: `${settings.baseUrl.replace(/\/+$/, "")}/chat/completions`,
    allowList: server.allowList,
  });
}
