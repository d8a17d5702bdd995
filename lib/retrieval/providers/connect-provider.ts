import { outboundEndpoint } from "@/lib/retrieval/providers/check-outbound-url";
import { postJson, type RetryPolicy } from "@/lib/retrieval/providers/post-json";

/** The connection settings every JSON provider client (embeddings, rerank, external retriever) takes. */
export type ProviderConnectionOptions = {
  /** Read by the caller from the environment variable the configuration names; sent as Bearer, never logged. */
  apiKey?: string | undefined;
  /** Allowed hosts, see check-outbound-url.ts (the app passes GOLDENSET_OUTBOUND_ALLOWLIST). */
  allowList: readonly string[];
  retry?: Partial<RetryPolicy> | undefined;
};

export type ProviderConnection = {
  /** The checked endpoint URL. */
  url: URL;
  /** POSTs `body` as JSON to the endpoint and returns the parsed answer (postJson's retries and errors). */
  post(body: unknown, signal: AbortSignal | undefined): Promise<unknown>;
};

/**
 * Checks `${baseUrl}/${path}` (or `baseUrl` itself without a path) against the allow-list, so a
 * misconfiguration fails when the client is created, before any run; then posts to it with the
 * key, retry policy and public-address check the settings call for. `label` names the provider
 * in error messages ("embedding provider").
 */
export function connectProvider(
  options: ProviderConnectionOptions & { label: string; baseUrl: string; path?: string },
): ProviderConnection {
  const { url, publicOnly } = outboundEndpoint(options);
  return {
    url,
    post: (body, signal) =>
      postJson({
        label: options.label,
        url,
        publicOnly,
        body,
        apiKey: options.apiKey,
        retry: options.retry,
        signal,
      }),
  };
}
