import { describe, expect, it } from "vitest";
import {
  checkConfigServices,
  DEFAULT_KEY_VARIABLES,
  isReservedVariable,
  listConfigServices,
  parseKeyVariables,
} from "@/lib/configs/check-config-services";
import { type RetrievalConfig, retrievalConfigSchema } from "@/lib/configs/config-schema";

function config(retriever: unknown, reranker?: unknown): RetrievalConfig {
  return retrievalConfigSchema.parse({
    chunking: { strategy: "fixed-characters", size: 400, overlap: 80 },
    retriever,
    ...(reranker ? { reranker } : {}),
  });
}

const dense = (apiKeyEnv: string, baseUrl = "https://api.openai.com/v1") =>
  config({ kind: "dense", provider: { kind: "openai-compatible", baseUrl, model: "m", apiKeyEnv } });
const policy = { keyVariables: parseKeyVariables(undefined), allowList: ["*"] };

describe("checkConfigServices", () => {
  it("accepts a provider key variable from the default list", () => {
    expect(() => checkConfigServices(dense("OPENAI_API_KEY"), policy)).not.toThrow();
  });

  it("refuses the app's own settings and anything unlisted, without saying whether it is set", () => {
    for (const name of [
      "DATABASE_URL",
      "AUTH_SECRET",
      "BETTER_AUTH_SECRET",
      "GOLDENSET_KEY_VARIABLES",
      "HOME",
    ]) {
      expect(() => checkConfigServices(dense(name), policy), name).toThrow(/is not one this server allows/);
    }
    process.env.SOME_SET_VARIABLE_FOR_TEST = "value";
    const setButUnlisted = () => checkConfigServices(dense("SOME_SET_VARIABLE_FOR_TEST"), policy);
    const unsetAndUnlisted = () => checkConfigServices(dense("SOME_UNSET_VARIABLE_FOR_TEST"), policy);
    const message = (run: () => void) => {
      try {
        run();
      } catch (error) {
        return (error as Error).message.replace(/SOME_(UN)?SET_VARIABLE_FOR_TEST/, "NAME");
      }
      return "no error";
    };
    expect(message(setButUnlisted)).toBe(message(unsetAndUnlisted));
    delete process.env.SOME_SET_VARIABLE_FOR_TEST;
  });

  it("never allows a reserved name, even when an admin lists it", () => {
    expect(parseKeyVariables("DATABASE_URL, MY_PROVIDER_KEY ,GOLDENSET_ROOT")).toEqual(["MY_PROVIDER_KEY"]);
    expect(() =>
      checkConfigServices(dense("DATABASE_URL"), { keyVariables: ["DATABASE_URL"], allowList: ["*"] }),
    ).toThrow(/not one this server allows/);
    expect(isReservedVariable("database_url")).toBe(true);
    expect(DEFAULT_KEY_VARIABLES.some(isReservedVariable)).toBe(false);
  });

  it("checks every service's URL against the allow-list when the configuration is made", () => {
    expect(() => checkConfigServices(dense("OPENAI_API_KEY", "http://127.0.0.1:11434/v1"), policy)).toThrow(
      /not in the allow-list/,
    );
    const reranked = config(
      { kind: "bm25" },
      { baseUrl: "http://metadata.internal:80", model: "r", requestFormat: "cohere", depth: 20 },
    );
    expect(() => checkConfigServices(reranked, { ...policy, allowList: ["api.cohere.com"] })).toThrow(
      /allow-list/,
    );
  });

  it("lists the services of dense, hybrid, external and reranked configurations", () => {
    const hybrid = config({
      kind: "hybrid",
      sparse: {},
      dense: { provider: { kind: "openai-compatible", baseUrl: "https://e.example/v1", model: "m" } },
      fusion: { kind: "rrf" },
    });
    expect(listConfigServices(hybrid).map((service) => service.label)).toEqual(["embedding provider"]);
    const external = config(
      { kind: "external", url: "https://search.example/q", apiKeyEnv: "COHERE_API_KEY" },
      { baseUrl: "https://api.cohere.com/v2", model: "r", requestFormat: "cohere", depth: 20 },
    );
    expect(listConfigServices(external).map((service) => service.label)).toEqual([
      "external retriever",
      "rerank provider",
    ]);
    expect(listConfigServices(config({ kind: "bm25" }))).toEqual([]);
  });
});
