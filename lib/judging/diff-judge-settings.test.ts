import { describe, expect, it } from "vitest";
import { diffJudgeSettings } from "@/lib/judging/diff-judge-settings";
import { type JudgeSettingsInput, judgeSettingsSchema } from "@/lib/judging/judge-settings-schema";

const base: JudgeSettingsInput = {
  name: "llama",
  baseUrl: "http://localhost:11434/v1",
  model: "llama3.1:8b",
};
const parse = (overrides: Partial<JudgeSettingsInput> = {}) =>
  judgeSettingsSchema.parse({ ...base, ...overrides });
const diff = (overrides: Partial<JudgeSettingsInput>) =>
  diffJudgeSettings({ before: parse(), after: parse(overrides) });

describe("diffJudgeSettings", () => {
  it("finds nothing between equal settings, defaults left out or written", () => {
    expect(diff({ maxTokens: 300, concurrency: 4 })).toEqual({ changed: [], makesNewVersion: false });
  });

  it("treats a trailing slash on the base URL as the same endpoint", () => {
    expect(diff({ baseUrl: "http://localhost:11434/v1/" })).toEqual({ changed: [], makesNewVersion: false });
  });

  it("makes a new version for every setting that can change an answer", () => {
    const cases: [Partial<JudgeSettingsInput>, string][] = [
      [{ baseUrl: "http://localhost:8000/v1" }, "baseUrl"],
      [{ model: "qwen2.5:7b" }, "model"],
      [{ apiKeyVariable: "OPENAI_API_KEY" }, "apiKeyVariable"],
      [{ promptVersion: "umbrela-quote-2" }, "promptVersion"],
      [{ maxTokens: 200 }, "maxTokens"],
    ];
    for (const [overrides, field] of cases) {
      expect(diff(overrides), field).toEqual({ changed: [field], makesNewVersion: true });
    }
  });

  it("edits a rename, the concurrency, the timeout and the budget in place", () => {
    expect(diff({ name: "llama 3.1", concurrency: 8, timeoutMs: 120_000, maxCalls: 500 })).toEqual({
      changed: ["name", "concurrency", "timeoutMs", "maxCalls"],
      makesNewVersion: false,
    });
  });

  it("lists every change, answer settings first, and one of them is enough for a new version", () => {
    expect(diff({ name: "qwen", model: "qwen2.5:7b" })).toEqual({
      changed: ["model", "name"],
      makesNewVersion: true,
    });
  });

  it("classifies every setting the schema has, so a new one cannot slip through unversioned", () => {
    const everyField = Object.keys(judgeSettingsSchema.shape);
    const changedAlone = everyField.filter((field) => {
      const before = { ...parse(), [field]: "a" } as ReturnType<typeof parse>;
      const after = { ...parse(), [field]: "b" } as ReturnType<typeof parse>;
      return diffJudgeSettings({ before, after }).changed.includes(field as keyof typeof before);
    });
    expect(changedAlone).toEqual(everyField);
  });
});
