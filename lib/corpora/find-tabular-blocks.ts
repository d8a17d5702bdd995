/**
 * A run of a document's text: `tabular` lines (spec tables, aligned listings, log excerpts) are
 * laid out in columns with spaces or tabs, so they read right only in a fixed-width font with
 * whitespace kept; everything else is prose.
 */
export type TextBlock = { start: number; end: number; tabular: boolean };

/** A tab, two or more `|`, an indent of 4+ spaces (a code block's), or a gap of 3+ spaces inside it. */
const TABULAR_LINE = /\t|\|.*\||^ {4,}\S|\S {3,}\S/;

export function isTabularLine(line: string): boolean {
  return TABULAR_LINE.test(line);
}

/**
 * Splits `text` into consecutive blocks at line starts, so that rendering each block in its own
 * element keeps every character where it was: the blocks cover the text exactly once, in order
 * (`text.slice(start, end)` joined is `text`), and offsets into the text — what quote labels
 * anchor to — stay valid. A tabular block holds whole lines, its last line's "\n" included.
 */
export function findTabularBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let lineStart = 0;
  while (lineStart < text.length) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline + 1;
    const tabular = isTabularLine(text.slice(lineStart, newline === -1 ? text.length : newline));
    const previous = blocks.at(-1);
    if (previous && previous.tabular === tabular) previous.end = lineEnd;
    else blocks.push({ start: lineStart, end: lineEnd, tabular });
    lineStart = lineEnd;
  }
  return blocks;
}
