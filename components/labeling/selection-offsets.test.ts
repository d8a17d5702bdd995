import { describe, expect, it } from "vitest";
import {
  boundaryToOffset,
  type DomNode,
  offsetToBoundary,
  rangeToTextOffsets,
  trimOffsets,
} from "./selection-offsets";
import { splitIntoBlocks } from "./text-segments";

/** A minimal DOM stand-in: elements with attributes and text nodes, in document order. */
class FakeNode implements DomNode {
  parentNode: FakeNode | null = null;
  childNodes: FakeNode[] = [];

  constructor(
    readonly nodeType: 1 | 3,
    private readonly data = "",
    private readonly attributes: Record<string, string> = {},
  ) {}

  get textContent(): string {
    return this.nodeType === 3 ? this.data : this.childNodes.map((child) => child.textContent).join("");
  }

  getAttribute(name: string): string | null {
    return this.attributes[name] ?? null;
  }

  contains(other: DomNode | null): boolean {
    for (let node = other; node; node = node.parentNode) if (node === this) return true;
    return false;
  }

  compareDocumentPosition(other: DomNode): number {
    if (other.contains(this)) return 8 | 2;
    if (this.contains(other)) return 16 | 4;
    let root: FakeNode = this;
    while (root.parentNode) root = root.parentNode;
    const order: DomNode[] = [];
    const walk = (node: FakeNode) => {
      order.push(node);
      for (const child of node.childNodes) walk(child);
    };
    walk(root);
    return order.indexOf(other) < order.indexOf(this) ? 2 : 4;
  }
}

function el(attributes: Record<string, string>, ...children: FakeNode[]): FakeNode {
  const node = new FakeNode(1, "", attributes);
  for (const child of children) {
    child.parentNode = node;
    node.childNodes.push(child);
  }
  return node;
}
const txt = (data: string) => new FakeNode(3, data);

// "Hello world, again." rendered as span | mark | span, between two paragraphs outside.
const text = "  Hello world, again. ";
const t1 = txt("  Hello ");
const t2 = txt("world");
const t3 = txt(", again. ");
const mark = el({ "data-start": "8" }, t2);
const container = el({}, el({ "data-start": "0" }, t1), mark, el({ "data-start": "13" }, t3));
const before = txt("Title");
const after = txt("Footer");
const body = el({}, el({}, before), container, el({}, after));

const range = (startContainer: DomNode, startOffset: number, endContainer: DomNode, endOffset: number) => ({
  startContainer,
  startOffset,
  endContainer,
  endOffset,
});

describe("boundaryToOffset", () => {
  it("maps text-node boundaries through data-start", () => {
    expect(boundaryToOffset(container, t1, 4, text.length)).toBe(4);
    expect(boundaryToOffset(container, t2, 2, text.length)).toBe(10);
    expect(boundaryToOffset(container, t3, 0, text.length)).toBe(13);
  });

  it("maps element boundaries (child indexes)", () => {
    expect(boundaryToOffset(container, mark, 0, text.length)).toBe(8);
    expect(boundaryToOffset(container, mark, 1, text.length)).toBe(13);
    expect(boundaryToOffset(container, container, 1, text.length)).toBe(8);
    expect(boundaryToOffset(container, container, 3, text.length)).toBe(text.length);
  });

  it("clamps boundaries outside the container", () => {
    expect(boundaryToOffset(container, before, 2, text.length)).toBe(0);
    expect(boundaryToOffset(container, after, 3, text.length)).toBe(text.length);
    expect(boundaryToOffset(container, body, 1, text.length)).toBe(0);
    expect(boundaryToOffset(container, body, 2, text.length)).toBe(text.length);
  });

  it("counts through elements nested inside a segment", () => {
    const inner = txt("cd");
    const segment = el({ "data-start": "10" }, txt("ab"), el({}, inner), txt("ef"));
    const box = el({}, segment);
    expect(boundaryToOffset(box, inner, 1, 16)).toBe(13);
    expect(boundaryToOffset(box, segment, 2, 16)).toBe(14);
  });
});

describe("rangeToTextOffsets", () => {
  it("maps a selection inside one mark", () => {
    expect(rangeToTextOffsets(container, range(t2, 0, t2, 5), text)).toEqual({ start: 8, end: 13 });
  });

  it("maps a selection spanning segments and starting inside a mark", () => {
    const offsets = rangeToTextOffsets(container, range(t2, 1, t3, 6), text);
    expect(offsets).toEqual({ start: 9, end: 19 });
    expect(text.slice(9, 19)).toBe("orld, agai");
  });

  it("clamps a selection dragged from outside the document and trims whitespace", () => {
    const offsets = rangeToTextOffsets(container, range(before, 1, t1, 7), text);
    expect(offsets).toEqual({ start: 2, end: 7 });
    expect(text.slice(2, 7)).toBe("Hello");
    expect(rangeToTextOffsets(container, range(t3, 2, after, 2), text)).toEqual({ start: 15, end: 21 });
    expect(text.slice(15, 21)).toBe("again.");
  });

  it("normalizes a backwards range", () => {
    expect(rangeToTextOffsets(container, range(t3, 6, t2, 1), text)).toEqual({ start: 9, end: 19 });
  });

  it("returns null for whitespace-only or entirely outside selections", () => {
    expect(rangeToTextOffsets(container, range(t1, 0, t1, 2), text)).toBeNull();
    expect(rangeToTextOffsets(container, range(before, 0, before, 3), text)).toBeNull();
    expect(rangeToTextOffsets(container, range(after, 0, after, 3), text)).toBeNull();
  });

  it("uses UTF-16 offsets for astral characters", () => {
    const emojiText = "a😀b";
    const node = txt(emojiText);
    const box = el({}, el({ "data-start": "0" }, node));
    expect(rangeToTextOffsets(box, range(node, 1, node, 3), emojiText)).toEqual({ start: 1, end: 3 });
  });
});

describe("trimOffsets", () => {
  it("trims newlines and spaces on both sides", () => {
    expect(trimOffsets("\n  abc \n", 0, 8)).toEqual({ start: 3, end: 6 });
  });
});

describe("offsetToBoundary", () => {
  it("finds the text node and offset of a text offset, through marks", () => {
    expect(offsetToBoundary(container, 3, { start: true })).toEqual({ node: t1, offset: 3 });
    expect(offsetToBoundary(container, 10, { start: true })).toEqual({ node: t2, offset: 2 });
    expect(offsetToBoundary(container, 15, { start: false })).toEqual({ node: t3, offset: 2 });
  });

  it("puts a start on the next node and an end on the previous one at a node boundary", () => {
    expect(offsetToBoundary(container, 8, { start: true })).toEqual({ node: t2, offset: 0 });
    expect(offsetToBoundary(container, 8, { start: false })).toEqual({ node: t1, offset: 8 });
  });

  it("round-trips with rangeToTextOffsets, and clamps past the end", () => {
    const from = offsetToBoundary(container, 2, { start: true })!;
    const to = offsetToBoundary(container, 20, { start: false })!;
    const range = {
      startContainer: from.node,
      startOffset: from.offset,
      endContainer: to.node,
      endOffset: to.offset,
    };
    expect(rangeToTextOffsets(container, range, text)).toEqual({ start: 2, end: 20 });
    expect(offsetToBoundary(container, 99, { start: true })).toEqual({ node: t3, offset: 9 });
    expect(offsetToBoundary(el({}), 0, { start: true })).toBeNull();
  });
});

describe("offsets in a document rendered as blocks (document-view.tsx)", () => {
  // prose, a table in columns, prose: the DOM document-view renders, block wrappers included
  const blockText = "Status LED\n\n    Pattern      Meaning\n    Solid green  Normal operation\n\nDone.";
  const labeled = { id: "a", start: blockText.indexOf("LED"), end: blockText.indexOf("Meaning"), grade: 2 };
  const blocks = splitIntoBlocks(blockText, [labeled]);
  const texts: FakeNode[] = [];
  const wrappers = blocks.map((block) =>
    el(
      { "data-start": String(block.start) },
      ...block.segments.map((segment) => {
        const node = txt(blockText.slice(segment.start, segment.end));
        texts.push(node);
        return el({ "data-start": String(segment.start) }, node);
      }),
    ),
  );
  const article = el({}, ...wrappers);

  it("holds the text character for character: the wrappers add nothing", () => {
    expect(blocks.map((block) => block.tabular)).toEqual([false, true, false]);
    expect(article.textContent).toBe(blockText);
  });

  it("maps every offset there and back, across the block edges", () => {
    for (let offset = 0; offset <= blockText.length; offset++) {
      for (const start of [true, false]) {
        const point = offsetToBoundary(article, offset, { start })!;
        expect(boundaryToOffset(article, point.node, point.offset, blockText.length)).toBe(offset);
      }
    }
  });

  it("maps boundaries between blocks and between a block's segments", () => {
    expect(boundaryToOffset(article, article, 1, blockText.length)).toBe(blocks[1]!.start);
    expect(boundaryToOffset(article, article, 3, blockText.length)).toBe(blockText.length);
    const table = wrappers[1]!;
    expect(boundaryToOffset(article, table, 1, blockText.length)).toBe(blocks[1]!.segments[1]!.start);
  });

  it("turns a selection inside a table row, and one across the edge, into the right quote", () => {
    const row = texts.find((node) => node.textContent.includes("Solid green"))!;
    const at = row.textContent.indexOf("Solid green");
    const inRow = rangeToTextOffsets(article, range(row, at, row, at + "Solid green".length), blockText)!;
    expect(blockText.slice(inRow.start, inRow.end)).toBe("Solid green");

    const first = texts[0]!;
    const across = rangeToTextOffsets(article, range(first, 7, row, at + 5), blockText)!;
    expect(blockText.slice(across.start, across.end)).toBe(
      blockText.slice(7, blockText.indexOf("Solid") + 5),
    );
  });
});
