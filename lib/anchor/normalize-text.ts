/**
 * The one text normalization applied to document text at import, at labeling and at
 * resolution time (docs/domain.md, "Anchoring"): Unicode NFC and LF line endings. Nothing
 * else — case, whitespace and punctuation are kept, so offsets stay meaningful to people.
 */
export function normalizeText(text: string): string {
  return text.replace(/\r\n?/g, "\n").normalize("NFC");
}
