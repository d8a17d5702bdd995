/**
 * Maps a DOM selection inside the rendered document back to character offsets into the
 * document text (UTF-16 indices, end exclusive).
 *
 * Contract with the renderer: the container's text is split into segment elements, each
 * carrying `data-start` = the offset of its first character; a segment's text content is
 * exactly `text.slice(start, start + length)`. Segments may nest other elements (marks in
 * spans, …) — offsets are counted through them. Boundaries outside the container clamp to
 * its start or end, so a selection dragged past the document still maps.
 */

/** The subset of the DOM `Node` interface this module needs (real nodes satisfy it). */
export interface DomNode {
  readonly nodeType: number;
  readonly parentNode: DomNode | null;
  readonly childNodes: ArrayLike<DomNode>;
  readonly textContent: string | null;
  getAttribute?(name: string): string | null;
  contains(other: DomNode | null): boolean;
  compareDocumentPosition(other: DomNode): number;
}

export type BoundaryRange = {
  startContainer: DomNode;
  startOffset: number;
  endContainer: DomNode;
  endOffset: number;
};

export type TextOffsets = { start: number; end: number };

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const DOCUMENT_POSITION_PRECEDING = 2;
const DOCUMENT_POSITION_CONTAINS = 8;

const SEGMENT_START_ATTRIBUTE = "data-start";

function segmentStart(node: DomNode): number | null {
  if (node.nodeType !== ELEMENT_NODE || !node.getAttribute) return null;
  const value = node.getAttribute(SEGMENT_START_ATTRIBUTE);
  if (value === null || value === "") return null;
  const start = Number(value);
  return Number.isInteger(start) && start >= 0 ? start : null;
}

function textLength(node: DomNode): number {
  if (node.nodeType === TEXT_NODE) return node.textContent?.length ?? 0;
  let total = 0;
  for (let index = 0; index < node.childNodes.length; index++) total += textLength(node.childNodes[index]!);
  return total;
}

/** Characters of text inside `root` before the boundary point (node, offset); node is inside root. */
function textBefore(root: DomNode, node: DomNode, offset: number): number {
  let total = 0;
  const visit = (current: DomNode): boolean => {
    if (current === node) {
      if (current.nodeType === TEXT_NODE) {
        total += Math.max(0, Math.min(offset, textLength(current)));
      } else {
        const limit = Math.min(offset, current.childNodes.length);
        for (let index = 0; index < limit; index++) total += textLength(current.childNodes[index]!);
      }
      return true;
    }
    if (current.nodeType === TEXT_NODE) {
      total += textLength(current);
      return false;
    }
    for (let index = 0; index < current.childNodes.length; index++) {
      if (visit(current.childNodes[index]!)) return true;
    }
    return false;
  };
  visit(root);
  return total;
}

/** The start of the first segment after a boundary that lies outside every segment. */
function firstSegmentAfter(container: DomNode, node: DomNode, offset: number): number | null {
  let passed = false;
  let found: number | null = null;
  const visit = (current: DomNode): boolean => {
    if (passed) {
      const start = segmentStart(current);
      if (start !== null) {
        found = start;
        return true;
      }
    }
    const isBoundary = current === node;
    if (isBoundary && current.nodeType === TEXT_NODE) passed = true;
    for (let index = 0; index < current.childNodes.length; index++) {
      if (isBoundary && index === offset) passed = true;
      if (visit(current.childNodes[index]!)) return true;
    }
    if (isBoundary) passed = true;
    return false;
  };
  visit(container);
  return found;
}

/** Index of the child of `ancestor` that contains (or is) `node`. */
function childIndexToward(ancestor: DomNode, node: DomNode): number {
  let child = node;
  while (child.parentNode && child.parentNode !== ancestor) child = child.parentNode;
  for (let index = 0; index < ancestor.childNodes.length; index++) {
    if (ancestor.childNodes[index] === child) return index;
  }
  return -1;
}

/** Maps one boundary point to an offset in `[0, textLength]`. */
export function boundaryToOffset(container: DomNode, node: DomNode, offset: number, length: number): number {
  const clamp = (value: number) => Math.max(0, Math.min(length, value));

  if (node === container || container.contains(node)) {
    for (let current: DomNode | null = node; current && current !== container; current = current.parentNode) {
      const start = segmentStart(current);
      if (start !== null) return clamp(start + textBefore(current, node, offset));
    }
    return clamp(firstSegmentAfter(container, node, offset) ?? length);
  }

  const position = container.compareDocumentPosition(node);
  if (position & DOCUMENT_POSITION_CONTAINS) {
    // The boundary sits in an ancestor of the container, between two of its children.
    return offset <= childIndexToward(node, container) ? 0 : length;
  }
  return position & DOCUMENT_POSITION_PRECEDING ? 0 : length;
}

/** Moves `start` forward and `end` back past whitespace; null when nothing is left. */
export function trimOffsets(text: string, start: number, end: number): TextOffsets | null {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text.charAt(from))) from++;
  while (to > from && /\s/.test(text.charAt(to - 1))) to--;
  return from < to ? { start: from, end: to } : null;
}

/** Offsets of a selection range in `text`, clamped to the container and trimmed; null if empty. */
export function rangeToTextOffsets(
  container: DomNode,
  range: BoundaryRange,
  text: string,
): TextOffsets | null {
  const a = boundaryToOffset(container, range.startContainer, range.startOffset, text.length);
  const b = boundaryToOffset(container, range.endContainer, range.endOffset, text.length);
  return trimOffsets(text, Math.min(a, b), Math.max(a, b));
}

/**
 * The DOM boundary point (text node, offset in it) of text offset `offset` — the inverse of
 * `boundaryToOffset`, to select text from the keyboard. Text nodes are counted in document order;
 * an offset between two nodes lands at the end of the first (start: true, the start of the next).
 * Null when the container has no text.
 */
export function offsetToBoundary(
  container: DomNode,
  offset: number,
  options: { start: boolean },
): { node: DomNode; offset: number } | null {
  let passed = 0;
  let last: { node: DomNode; offset: number } | null = null;
  const visit = (node: DomNode): { node: DomNode; offset: number } | null => {
    if (node.nodeType === TEXT_NODE) {
      const length = textLength(node);
      const inside = options.start ? offset < passed + length : offset <= passed + length;
      if (length > 0 && inside) return { node, offset: Math.max(0, offset - passed) };
      passed += length;
      if (length > 0) last = { node, offset: length };
      return null;
    }
    for (let index = 0; index < node.childNodes.length; index++) {
      const found = visit(node.childNodes[index]!);
      if (found) return found;
    }
    return null;
  };
  return visit(container) ?? last;
}
