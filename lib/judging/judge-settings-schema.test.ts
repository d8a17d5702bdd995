import { describe, expect, it } from "vitest";
import { parseKeyVariables } from "@/lib/configs/check-config-services";
import { JUDGE_PROMPT_VERSION } from "@/lib/judging/build-judge-prompt";
import { checkJudgeServices, judgeSettingsSchema } from "@/lib/judging/judge-settings-schema";

const minimal = { name: "gpt judge", baseUrl: "https://api.openai.com/v1", model: "gpt-4o-mini" };

/** The message of each failing field, by path, as a form shows them. */
function issuesOf(input: unknown): Record<string, string> {
  const result = judgeSettingsSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("judgeSettingsSchema", () => {
  it("fills the defaults: the current prompt version, temperature 0, 300 tokens, 4 at once, no key, no budget", () => {
    expect(judgeSettingsSchema.parse(minimal)).toEqual({
      ...minimal,
      promptVersion: JUDGE_PROMPT_VERSION,
      temperature: 0,
      maxTokens: 300,
      concurrency: 4,
      timeoutMs: 60_000,
    });
  });

  it("keeps a key variable, a budget and an explicit prompt version", () => {
    const parsed = judgeSettingsSchema.parse({
      ...minimal,
      apiKeyVariable: "OPENAI_API_KEY",
      maxCalls: 2_500,
      promptVersion: "umbrela-quote-0",
    });
    expect(parsed).toMatchObject({
      apiKeyVariable: "OPENAI_API_KEY",
      maxCalls: 2_500,
      promptVersion: "umbrela-quote-0",
    });
  });

  it("says in plain words what is wrong with each field", () => {
    expect(
      issuesOf({
        name: "  ",
        baseUrl: "ftp://models.local/v1",
        model: "",
        apiKeyVariable: "sk-live-123",
        temperature: 0.7,
        maxTokens: 10_000,
        concurrency: 0,
        maxCalls: 0,
      }),
    ).toEqual({
      name: "give the judge a name",
      baseUrl: "must be an http(s) URL",
      model: "name the model, e.g. gpt-4o-mini or llama3.1:8b",
      apiKeyVariable: "must be an environment variable name, e.g. OPENAI_API_KEY",
      temperature: "a judge's temperature is always 0",
      maxTokens: "must be at most 4,096",
      concurrency: "must be at least 1",
      maxCalls: "must be at least 1",
    });
    expect(issuesOf({ ...minimal, concurrency: 17, maxCalls: 1.5 })).toEqual({
      concurrency: "must be at most 16",
      maxCalls: "must be a whole number",
    });
  });

  it("trims the name and model", () => {
    expect(judgeSettingsSchema.parse({ ...minimal, name: " llama ", model: " llama3.1:8b " })).toMatchObject({
      name: "llama",
      model: "llama3.1:8b",
    });
  });
});

describe("checkJudgeServices", () => {
  const policy = { keyVariables: parseKeyVariables(undefined), allowList: ["api.openai.com", "localhost"] };
  const settings = (overrides: object) => judgeSettingsSchema.parse({ ...minimal, ...overrides });

  it("accepts an allowed key variable, and no key at all for a local server", () => {
    expect(() => checkJudgeServices(settings({ apiKeyVariable: "OPENAI_API_KEY" }), policy)).not.toThrow();
    expect(() =>
      checkJudgeServices(settings({ baseUrl: "http://localhost:11434/v1" }), policy),
    ).not.toThrow();
  });

  it("refuses the variables the embedding providers may not use", () => {
    for (const name of ["DATABASE_URL", "BETTER_AUTH_SECRET", "GOLDENSET_KEY_VARIABLES", "UNLISTED_KEY"]) {
      expect(() => checkJudgeServices(settings({ apiKeyVariable: name }), policy), name).toThrow(
        /the judge's API key variable .* is not one this server allows/,
      );
    }
  });

  it("refuses a host outside the outbound allow-list", () => {
    expect(() => checkJudgeServices(settings({ baseUrl: "https://llm.example.com/v1" }), policy)).toThrow();
  });
});
