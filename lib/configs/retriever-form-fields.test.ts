import { describe, expect, it } from "vitest";
import { defaultRetrievers, rerankerConfigSchema, retrieverConfigSchema } from "@/lib/configs/config-schema";
import {
  rerankerInputFromForm,
  retrieverFormFields,
  retrieverInputFromForm,
} from "@/lib/configs/retriever-form-fields";

const httpProvider = {
  kind: "openai-compatible",
  baseUrl: "http://127.0.0.1:11434/v1",
  model: "nomic-embed-text",
  dimensions: 256,
  batchSize: 64,
  apiKeyEnv: "EMBEDDINGS_KEY",
  timeoutMs: 30_000,
} as const;

describe("retriever form fields", () => {
  it("round-trips each offline default, the HTTP kinds and a reranker through the form's flat fields", () => {
    const retrievers = [
      ...Object.values(defaultRetrievers),
      { kind: "dense", provider: httpProvider },
      { ...defaultRetrievers.hybrid, dense: { provider: httpProvider } },
      { kind: "external", url: "https://search.example.com/api/search", timeoutMs: 30_000 },
    ] as const;
    for (const retriever of retrievers) {
      const fields = retrieverFormFields(retriever, null);
      expect(retrieverConfigSchema.parse(retrieverInputFromForm(fields))).toEqual(retriever);
      expect(rerankerInputFromForm(fields)).toBeNull();
    }
    const reranker = rerankerConfigSchema.parse({
      baseUrl: "http://127.0.0.1:8080",
      model: "bge-reranker",
      depth: 30,
    });
    const fields = retrieverFormFields(defaultRetrievers.bm25, reranker);
    expect(rerankerConfigSchema.parse(rerankerInputFromForm(fields))).toEqual(reranker);
  });

  it("builds a hybrid RRF config from the fields, defaults filling what the form did not send", () => {
    expect(
      retrieverConfigSchema.parse(
        retrieverInputFromForm({ retrieverKind: "hybrid", lsaDimensions: 64, rrfK: 20 }),
      ),
    ).toEqual({
      ...defaultRetrievers.hybrid,
      dense: { provider: { kind: "builtin-lsa", dimensions: 64, seed: 1 } },
      fusion: { kind: "rrf", k: 20 },
    });
    expect(retrieverConfigSchema.parse(retrieverInputFromForm({ retrieverKind: "dense" }))).toEqual(
      defaultRetrievers.dense,
    );
  });

  it("leaves range and URL checks to the schema", () => {
    const input = retrieverInputFromForm({ retrieverKind: "dense", lsaDimensions: 4 });
    expect(retrieverConfigSchema.safeParse(input).success).toBe(false);
    const noUrl = retrieverInputFromForm({
      retrieverKind: "dense-http",
      embeddingModel: "m",
      embeddingBaseUrl: "",
    });
    expect(retrieverConfigSchema.safeParse(noUrl).success).toBe(false);
    const badEnv = retrieverInputFromForm({
      retrieverKind: "external",
      externalUrl: "http://x.test",
      externalApiKeyEnv: "sk-123 secret",
    });
    expect(retrieverConfigSchema.safeParse(badEnv).error?.issues[0]?.message).toMatch(
      /environment variable name/,
    );
  });
});
