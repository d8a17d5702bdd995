import { InMemoryEmbeddingCache } from "@/lib/retrieval/dense/embed-with-cache";
import { type RunServices, readSecret } from "@/lib/runs/run-services";

/**
 * Provider services for tests: an allow-list (nothing by default), secrets from a plain object,
 * an in-memory embedding cache unless one is given, no BM25 index cache unless one is given, and
 * fast retries (a few milliseconds of backoff) so failure-mode tests take milliseconds, not the
 * production minutes.
 */
export function testRunServices(
  options: Partial<Omit<RunServices, "secret">> & {
    secrets?: Record<string, string>;
    /** allowed key variables besides the names in `secrets` */
    keyVariables?: string[];
  } = {},
): RunServices {
  const secrets = options.secrets ?? {};
  return {
    allowList: options.allowList ?? [],
    secret: (name, label) =>
      readSecret({
        name,
        label,
        keyVariables: [...Object.keys(secrets), ...(options.keyVariables ?? [])],
        lookup: (key) => secrets[key],
      }),
    embeddingCache: options.embeddingCache ?? new InMemoryEmbeddingCache(),
    retry: { baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 20, maxRetries: 2, ...options.retry },
    runFilesDirectory: options.runFilesDirectory ?? "/nonexistent/run-files",
    onProgress: options.onProgress,
    bm25IndexCache: options.bm25IndexCache,
  };
}
