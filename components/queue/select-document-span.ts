/**
 * Selects [start, end) of the open document's text (the `document-text` element, whose text
 * nodes together are the document) the way a mouse drag would, and scrolls it into view — so a
 * hole's chunk can be labeled at once (L), or narrowed first. False when the span is not there.
 */
export function selectDocumentSpan(span: { start: number; end: number }): boolean {
  const root = document.querySelector('[data-testid="document-text"]');
  if (!root) return false;
  const nodes: { node: Text; start: number }[] = [];
  let length = 0;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push({ node: node as Text, start: length });
    length += node.textContent?.length ?? 0;
  }
  if (span.end > length || span.start >= span.end) return false;
  const locate = (offset: number) => {
    const entry = nodes.findLast((candidate) => candidate.start <= offset);
    return entry ? { node: entry.node, offset: offset - entry.start } : null;
  };
  const from = locate(span.start);
  const to = locate(span.end);
  if (!from || !to) return false;
  const range = document.createRange();
  range.setStart(from.node, Math.min(from.offset, from.node.length));
  range.setEnd(to.node, Math.min(to.offset, to.node.length));
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  document.dispatchEvent(new Event("selectionchange"));
  from.node.parentElement?.scrollIntoView({ block: "center" });
  return true;
}
