import type { RetrievalConfig } from "@/lib/configs/config-schema";
import { APP_SETTING_NAMES } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { checkOutboundUrl } from "@/lib/retrieval/providers/check-outbound-url";

/** The provider key variables a server allows when GOLDENSET_KEY_VARIABLES is not set. */
export const DEFAULT_KEY_VARIABLES = [
  "OPENAI_API_KEY",
  "AZURE_OPENAI_API_KEY",
  "COHERE_API_KEY",
  "VOYAGE_API_KEY",
  "JINA_API_KEY",
  "MISTRAL_API_KEY",
  "GEMINI_API_KEY",
  "HF_TOKEN",
] as const;

/**
 * The app's own settings and the process's: never an API-key variable, whatever an admin lists,
 * so no configuration can send them to another host.
 */
export function isReservedVariable(name: string): boolean {
  const upper = name.toUpperCase();
  return (
    /^(GOLDENSET_|BETTER_AUTH_|NEXT_|NODE_|NPM_|PRISMA_)/.test(upper) ||
    APP_SETTING_NAMES.includes(upper) ||
    PROCESS_VARIABLES.includes(upper)
  );
}

/** The process's own environment, which says where and as whom the server runs. */
const PROCESS_VARIABLES = ["HOSTNAME", "PATH", "HOME", "PWD", "USER", "SHELL"];

/** GOLDENSET_KEY_VARIABLES (comma-separated names) or the default list; reserved names dropped. */
export function parseKeyVariables(raw: string | undefined): string[] {
  const listed = (raw ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  return (listed.length > 0 ? listed : [...DEFAULT_KEY_VARIABLES]).filter(
    (name) => !isReservedVariable(name),
  );
}

type ServiceUse = { label: string; url: string; apiKeyEnv: string | undefined };

/** Every HTTP service a configuration calls, with the variable holding its key. */
export function listConfigServices(config: RetrievalConfig): ServiceUse[] {
  const services: ServiceUse[] = [];
  const { retriever, reranker } = config;
  const provider =
    retriever.kind === "dense"
      ? retriever.provider
      : retriever.kind === "hybrid"
        ? retriever.dense.provider
        : null;
  if (provider?.kind === "openai-compatible")
    services.push({ label: "embedding provider", url: `${provider.baseUrl}`, apiKeyEnv: provider.apiKeyEnv });
  if (retriever.kind === "external")
    services.push({ label: "external retriever", url: retriever.url, apiKeyEnv: retriever.apiKeyEnv });
  if (reranker)
    services.push({ label: "rerank provider", url: reranker.baseUrl, apiKeyEnv: reranker.apiKeyEnv });
  return services;
}

/**
 * Refuses, before anything is saved, a configuration whose services the server would not call:
 * a key variable the admin did not allow (the message never says whether it is set), or a URL
 * outside the outbound allow-list.
 */
export type ServicePolicy = { keyVariables: readonly string[]; allowList: readonly string[] };

export function checkConfigServices(config: RetrievalConfig, server: ServicePolicy): void {
  for (const service of listConfigServices(config)) {
    if (service.apiKeyEnv !== undefined)
      checkKeyVariable(service.apiKeyEnv, service.label, server.keyVariables);
    checkOutboundUrl({ url: service.url, allowList: server.allowList });
  }
}

/** Throws bad_request unless `name` is an allowed, non-reserved key variable. */
export function checkKeyVariable(name: string, label: string, keyVariables: readonly string[]): void {
  if (keyVariables.includes(name) && !isReservedVariable(name)) return;
  throw new AppError(
    "bad_request",
    `the ${label}'s API key variable ${name} is not one this server allows; allowed: ${keyVariables.join(", ") || "none"} (an admin sets GOLDENSET_KEY_VARIABLES)`,
  );
}
