import { createHash } from "node:crypto";

function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** `sha256:<hex>` of a normalized document text — the form the golden set JSON carries. */
export function contentHash(text: string): string {
  return `sha256:${sha256Hex(text)}`;
}

/**
 * sha256 of a chunk's text (UTF-8), as 64 hex characters: identifies the exact text a result
 * pointed at (RunResult.chunkHash) and keys the embedding cache (EmbeddingCacheEntry.textHash).
 * Runs stored before this was the one definition hold its first 16 characters.
 */
export function chunkHash(text: string): string {
  return sha256Hex(text);
}
