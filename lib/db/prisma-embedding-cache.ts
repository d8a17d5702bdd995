import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/prisma-errors";
import type { EmbeddingCache, EmbeddingCacheKey } from "@/lib/retrieval/dense/embed-with-cache";

const LOOKUP_BATCH = 400;

/**
 * The embedding cache in the database (EmbeddingCacheEntry): vectors as little-endian float32
 * bytes, keyed by (provider endpoint, model, text hash). Entries are only ever added; two runs
 * racing to add the same key both succeed (the second write is ignored).
 */
export class PrismaEmbeddingCache implements EmbeddingCache {
  constructor(private readonly prisma: Db) {}

  async getMany(keys: readonly EmbeddingCacheKey[]): Promise<(Float32Array | undefined)[]> {
    const found = new Map<string, Float32Array>();
    const groups = groupByProviderModel(keys);
    for (const [{ provider, model }, hashes] of groups) {
      for (let start = 0; start < hashes.length; start += LOOKUP_BATCH) {
        const rows = await this.prisma.embeddingCacheEntry.findMany({
          where: { provider, model, textHash: { in: hashes.slice(start, start + LOOKUP_BATCH) } },
        });
        for (const row of rows) found.set(flatKey(row), decodeVector(row.vector));
      }
    }
    return keys.map((key) => found.get(flatKey(key)));
  }

  async setMany(entries: readonly { key: EmbeddingCacheKey; vector: Float32Array }[]): Promise<void> {
    if (entries.length === 0) return;
    const data = entries.map(({ key, vector }) => ({ ...key, vector: encodeVector(vector) }));
    try {
      await this.prisma.embeddingCacheEntry.createMany({ data });
    } catch (error) {
      // Another run stored some of these meanwhile (a unique violation): add the rest one by one.
      // Anything else — a lost connection, a full disk — is the run's error, not a race.
      if (!isUniqueViolation(error)) throw error;
      for (const row of data) {
        const { provider, model, textHash } = row;
        await this.prisma.embeddingCacheEntry.upsert({
          where: { provider_model_textHash: { provider, model, textHash } },
          create: row,
          update: {},
        });
      }
    }
  }
}

function groupByProviderModel(keys: readonly EmbeddingCacheKey[]) {
  const groups = new Map<string, { id: { provider: string; model: string }; hashes: string[] }>();
  for (const key of keys) {
    const id = JSON.stringify([key.provider, key.model]);
    const group = groups.get(id) ?? { id: { provider: key.provider, model: key.model }, hashes: [] };
    group.hashes.push(key.textHash);
    groups.set(id, group);
  }
  return [...groups.values()].map((group) => [group.id, [...new Set(group.hashes)]] as const);
}

function flatKey(key: EmbeddingCacheKey): string {
  return JSON.stringify([key.provider, key.model, key.textHash]);
}

/** float32 values, little-endian, whatever the platform's byte order. */
function encodeVector(vector: Float32Array): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  for (const [index, value] of vector.entries()) view.setFloat32(index * 4, value, true);
  return bytes;
}

function decodeVector(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const vector = new Float32Array(bytes.byteLength / 4);
  for (let index = 0; index < vector.length; index++) vector[index] = view.getFloat32(index * 4, true);
  return vector;
}
