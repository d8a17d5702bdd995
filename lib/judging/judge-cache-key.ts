import { createHash } from "node:crypto";
import { normalizeText } from "@/lib/anchor/normalize-text";

/**
 * The cache key of one judgment request: SHA-256 (hex) over the judge version, the query text
 * and the passage text. A pair already judged by the same judge version is never sent again,
 * so anything that changes the answer (model, prompt version, settings) must live in the judge
 * version, and the texts are the ones actually sent. The three parts are joined as a JSON array
 * so no choice of texts can make two different triples share a key. Texts pass through the
 * import normalization (NFC, LF) so a CRLF copy of the same passage hits the same entry.
 */
export function judgeCacheKey(options: {
  judgeVersionId: string;
  queryText: string;
  passageText: string;
}): string {
  const parts = [
    options.judgeVersionId,
    normalizeText(options.queryText),
    normalizeText(options.passageText),
  ];
  return createHash("sha256").update(JSON.stringify(parts), "utf8").digest("hex");
}
