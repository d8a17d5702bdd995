import { describe, expect, it } from "vitest";
import { formatJsonPath } from "@/lib/errors";
import { buildGoldenSetFixture } from "@/lib/exchange/testing/build-golden-set-fixture";
import { type GoldenSetFile, goldenSetFileSchema } from "./golden-set-schema";
import { parseGoldenSetFile } from "./parse-golden-set-file";
import { serializeGoldenSetFile } from "./serialize-golden-set-file";

// set.modelJudgments (optional on import, "ignore"; always exported) and the top-level `judges`
// (exported only when the file holds a judge's labels).

function issues(value: unknown): string[] {
  const result = goldenSetFileSchema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${formatJsonPath(issue.path)}: ${issue.message}`);
}

const judge = {
  annotator: "model:umbrela",
  name: "umbrela",
  version: 2,
  baseUrl: "http://localhost:11434/v1",
  model: "llama3.1:8b",
  apiKeyVariable: "OLLAMA_KEY",
  promptVersion: "umbrela-1",
  temperature: 0,
  maxTokens: 300,
};

function withModelLabel(): GoldenSetFile {
  const file = buildGoldenSetFixture();
  const first = file.queries[0]!.labels[0]!;
  file.queries[0]!.labels.push({ ...structuredClone(first), annotator: "model:umbrela", grade: 1 });
  return { ...file, judges: [judge] };
}

describe("model judgment fields of the exchange format", () => {
  it("reads a file without the setting as `ignore` and always writes it after the judgment policy", () => {
    const file = buildGoldenSetFixture() as unknown as { set: Record<string, unknown> };
    delete file.set.modelJudgments;
    const parsed = parseGoldenSetFile(JSON.stringify(file));
    expect(parsed.set.modelJudgments).toBe("ignore");
    expect(parsed.judges).toBeUndefined();
    expect(serializeGoldenSetFile(parsed)).toContain(
      '"judgmentPolicy": "any",\n    "modelJudgments": "ignore",',
    );
  });

  it("refuses an unknown setting, naming its path", () => {
    const file = buildGoldenSetFixture() as unknown as { set: Record<string, unknown> };
    file.set.modelJudgments = "mixed";
    expect(issues(file)).toEqual([
      'set.modelJudgments: Invalid option: expected one of "ignore"|"fill_holes"|"model_only"',
    ]);
  });

  it("keeps model labels and their judges byte-identically through a round trip, judges after the corpus", () => {
    const text = serializeGoldenSetFile(withModelLabel());
    expect(text).toMatch(/\n {2}\},\n {2}"judges": \[\n {4}\{\n {6}"annotator": "model:umbrela",/);
    expect(text.indexOf('"judges"')).toBeLessThan(text.indexOf('"queries"'));
    expect(text).toContain('"annotator": "model:umbrela",');
    expect(serializeGoldenSetFile(parseGoldenSetFile(text))).toBe(text);
  });

  it("refuses a judge whose annotator is not model:<its name>, and unknown judge fields such as a key", () => {
    const file = withModelLabel() as unknown as { judges: Record<string, unknown>[] };
    file.judges[0]!.annotator = "model:other";
    expect(issues(file)).toEqual([
      'judges[0].annotator: must be "model:umbrela", the judge\'s name after "model:"',
    ]);
    file.judges[0]!.annotator = "umbrela";
    expect(issues(file)[0]).toMatch(/^judges\[0\]\.annotator: must start with "model:"/);
    file.judges[0]!.annotator = "model:umbrela";
    file.judges[0]!.apiKey = "sk-secret";
    expect(issues(file)[0]).toMatch(/^judges\[0\]: Unrecognized key: "apiKey"/);
  });
});
