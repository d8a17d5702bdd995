/**
 * What a label judges, as one string for the uniqueness of (query, document, span, annotator): a
 * document label judges the whole document; a quote judges [start, end) of one document version.
 */
export function labelSpanKey(
  label: { kind: "document" } | { kind: "quote"; documentVersion: number; start: number; end: number },
): string {
  return label.kind === "document" ? "document" : `v${label.documentVersion}:${label.start}-${label.end}`;
}
