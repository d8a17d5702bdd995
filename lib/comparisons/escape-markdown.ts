/**
 * User text (a set, run or configuration name, a tag, a query) made safe to paste into Markdown:
 * it renders as the same words and never as anything else. One line (line breaks become spaces,
 * spaces at the ends go); HTML's `&`, `<`, `>` as entities (no tags, no `<…>` autolinks);
 * backslash escapes for `\`, backticks, `*`, `_`, `[`, `]`, `~` and `|` (no emphasis, code, links
 * or images, strike-through, or a new table column); `javascript:`, `vbscript:` and `data:`
 * with their colon escaped, so no renderer takes them for a link target; and a heading, list,
 * quote or rule marker at the start escaped, as the text may begin a line or a list item.
 */
export function escapeMarkdown(text: string): string {
  const oneLine = text.replace(/\r\n|[\r\n\u2028\u2029]/g, " ").trim();
  const escaped = oneLine
    .replace(/[\\`*_[\]~|]/g, "\\$&")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\b(javascript|vbscript|data):/gi, "$1\\:");
  return escaped.replace(/^(?:[#+\-=]|\d+[.)])/, (marker) =>
    /^\d/.test(marker) ? `${marker.slice(0, -1)}\\${marker.slice(-1)}` : `\\${marker}`,
  );
}
