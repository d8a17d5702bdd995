import { chunkHash } from "@/lib/corpora/content-hash";
import { AppError } from "@/lib/errors";

/**
 * Embeddings cached by (provider, model, chunk text hash), so re-running a configuration over
 * the same chunks costs no provider calls. `provider` is the endpoint URL (EmbeddingsClient.provider)
 * or "builtin:lsa:<model id>"; `textHash` is `chunkHash(text)`.
 * Runs use the database-backed cache (lib/db/prisma-embedding-cache.ts); tests and the CLI's
 * `retrieve` may use the in-memory one.
 */
export type EmbeddingCacheKey = { provider: string; model: string; textHash: string };

export interface EmbeddingCache {
  /** One entry per key, undefined where nothing is cached. */
  getMany(keys: readonly EmbeddingCacheKey[]): Promise<(Float32Array | undefined)[]>;
  setMany(entries: readonly { key: EmbeddingCacheKey; vector: Float32Array }[]): Promise<void>;
}

export class InMemoryEmbeddingCache implements EmbeddingCache {
  private readonly entries = new Map<string, Float32Array>();

  get size(): number {
    return this.entries.size;
  }

  async getMany(keys: readonly EmbeddingCacheKey[]): Promise<(Float32Array | undefined)[]> {
    return keys.map((key) => this.entries.get(flattenKey(key)));
  }

  async setMany(entries: readonly { key: EmbeddingCacheKey; vector: Float32Array }[]): Promise<void> {
    for (const { key, vector } of entries) this.entries.set(flattenKey(key), Float32Array.from(vector));
  }
}

function flattenKey(key: EmbeddingCacheKey): string {
  return JSON.stringify([key.provider, key.model, key.textHash]);
}

/**
 * Embeds texts through the cache: looks every text up, sends only the distinct misses to
 * `embed` (one call), stores what comes back, and returns one vector per text in input order.
 */
export async function embedWithCache(options: {
  texts: readonly string[];
  provider: string;
  model: string;
  cache: EmbeddingCache;
  embed: (texts: string[]) => Promise<Float32Array[]>;
}): Promise<{ vectors: Float32Array[]; cacheHits: number }> {
  const { provider, model } = options;
  const keys = options.texts.map((text) => ({ provider, model, textHash: chunkHash(text) }));
  const cached = await options.cache.getMany(keys);
  const missByHash = new Map<string, string>();
  for (const [position, vector] of cached.entries())
    if (vector === undefined) missByHash.set(keys[position]!.textHash, options.texts[position]!);
  const missHashes = [...missByHash.keys()];
  const fresh = missHashes.length === 0 ? [] : await options.embed([...missByHash.values()]);
  if (fresh.length !== missHashes.length)
    throw new AppError("internal", `embed returned ${fresh.length} vectors for ${missHashes.length} texts`);
  const freshByHash = new Map<string, Float32Array>();
  for (const [position, textHash] of missHashes.entries()) freshByHash.set(textHash, fresh[position]!);
  await options.cache.setMany(
    missHashes.map((textHash) => ({
      key: { provider, model, textHash },
      vector: freshByHash.get(textHash)!,
    })),
  );
  const vectors = keys.map((key, position) => cached[position] ?? freshByHash.get(key.textHash)!);
  return { vectors, cacheHits: cached.filter((vector) => vector !== undefined).length };
}
