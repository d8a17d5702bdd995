import { createHash } from "node:crypto";

/** First 16 hex chars of sha256(chunk text): identifies the exact text a result pointed at. */
export function chunkHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex").slice(0, 16);
}
