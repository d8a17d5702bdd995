import { createHash } from "node:crypto";

/** `sha256:<hex>` of a normalized document text — the form the golden set JSON carries. */
export function contentHash(text: string): string {
  return `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
}
