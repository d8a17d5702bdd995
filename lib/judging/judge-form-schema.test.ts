import { describe, expect, it } from "vitest";
import { judgeFormSchema, judgeFormValues } from "./judge-form-schema";

const form = {
  name: "gpt judge",
  baseUrl: "https://api.openai.com/v1",
  model: "gpt-4o-mini",
  apiKeyVariable: "",
  maxTokens: "",
  concurrency: "2",
  timeoutSeconds: "30",
  maxCalls: "",
};

describe("judgeFormSchema", () => {
  it("reads blank optional fields as unset and fills the defaults", () => {
    const settings = judgeFormSchema.parse(form);
    expect(settings).toMatchObject({ name: "gpt judge", concurrency: 2, timeoutMs: 30_000, temperature: 0 });
    expect(settings.apiKeyVariable).toBeUndefined();
    expect(settings.maxCalls).toBeUndefined();
    expect(settings.maxTokens).toBe(300);
  });

  it("puts each problem beside its field", () => {
    const result = judgeFormSchema.safeParse({
      ...form,
      concurrency: "many",
      maxCalls: "0",
      timeoutSeconds: "1.5",
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["concurrency", "maxCalls", "timeoutSeconds"]));
    expect(result.error?.issues.find((issue) => issue.path[0] === "concurrency")?.message).toBe(
      "Concurrency must be a whole number",
    );
  });

  it("refuses a base URL that is not http(s) and a bad variable name, naming the field", () => {
    const result = judgeFormSchema.safeParse({ ...form, baseUrl: "ftp://x", apiKeyVariable: "MY-KEY" });
    const paths = result.error?.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["baseUrl", "apiKeyVariable"]));
  });

  it("gives back the values a stored judge was saved from", () => {
    const settings = judgeFormSchema.parse({ ...form, apiKeyVariable: "OPENAI_API_KEY", maxCalls: "500" });
    expect(judgeFormSchema.parse(judgeFormValues(settings))).toEqual(settings);
  });
});
