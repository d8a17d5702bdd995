import path from "node:path";
import { checkKeyVariable, parseKeyVariables } from "@/lib/configs/check-config-services";
import type { Db } from "@/lib/db/client";
import { PrismaEmbeddingCache } from "@/lib/db/prisma-embedding-cache";
import { keyVariablesSetting, outboundAllowListSetting, projectRoot, secretFromEnvironment } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { EmbeddingCache } from "@/lib/retrieval/dense/embed-with-cache";
import { parseOutboundAllowList } from "@/lib/retrieval/providers/check-outbound-url";
import type { RetryPolicy } from "@/lib/retrieval/providers/post-json";
import { Bm25IndexCache } from "@/lib/runs/bm25-index-cache";
import { defaultRunFilesDirectory } from "@/lib/runs/run-files";

/**
 * What a run needs from outside its database rows: the outbound allow-list, API keys by
 * environment variable name, the embedding cache, the retry policy, where uploaded run files are
 * stored, and a progress line for long steps. The app builds it from the environment
 * (`runServicesFromEnvironment`); tests pass their own.
 */
export type RunServices = {
  allowList: readonly string[];
  /** The API key named by `apiKeyEnv`; undefined when no variable is named; an error when it is unset. */
  secret(apiKeyEnv: string | undefined, label: string): string | undefined;
  embeddingCache: EmbeddingCache;
  retry?: Partial<RetryPolicy> | undefined;
  /** where uploaded run files are kept (lib/runs/run-files.ts) */
  runFilesDirectory: string;
  onProgress?: ((message: string) => Promise<void>) | undefined;
  /** built BM25 indexes kept on disk across runs; without it every run builds its own */
  bm25IndexCache?: Bm25IndexCache | undefined;
};

export function runServicesFromEnvironment(prisma: Db): RunServices {
  return {
    allowList: parseOutboundAllowList(outboundAllowListSetting()),
    secret: secretFromServerEnvironment,
    embeddingCache: new PrismaEmbeddingCache(prisma),
    runFilesDirectory: defaultRunFilesDirectory(),
    bm25IndexCache: new Bm25IndexCache({ directory: path.join(projectRoot(), "data", "indexes") }),
  };
}

/**
 * Reads a named secret with `lookup`. Only variables the admin allows (GOLDENSET_KEY_VARIABLES,
 * never the app's own) are read at all, so a configuration cannot send DATABASE_URL as a token
 * and the message for an unlisted name says nothing about whether it is set; an allowed but
 * unset variable is a configuration error, said plainly.
 */
export function readSecret(options: {
  name: string | undefined;
  label: string;
  keyVariables: readonly string[];
  lookup: (name: string) => string | undefined;
}): string | undefined {
  if (options.name === undefined) return undefined;
  checkKeyVariable(options.name, options.label, options.keyVariables);
  const value = options.lookup(options.name);
  if (value === undefined)
    throw new AppError(
      "bad_request",
      `the ${options.label}'s API key is read from the environment variable ${options.name}, which is not set on the server`,
    );
  return value;
}

/** The server's rules for the services a configuration calls: allowed key variables and hosts. */
export function servicePolicyFromEnvironment(): { keyVariables: string[]; allowList: string[] } {
  return {
    keyVariables: parseKeyVariables(keyVariablesSetting()),
    allowList: parseOutboundAllowList(outboundAllowListSetting()),
  };
}

/** `RunServices.secret` over the process environment, under the server's key-variable rules. */
export function secretFromServerEnvironment(name: string | undefined, label: string): string | undefined {
  return readSecret({
    name,
    label,
    keyVariables: servicePolicyFromEnvironment().keyVariables,
    lookup: secretFromEnvironment,
  });
}
