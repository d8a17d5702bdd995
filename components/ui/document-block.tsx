import type { ComponentProps } from "react";
import { cx } from "./cx";

type DocumentBlockProps = ComponentProps<"span"> & {
  /** A block of tabular lines (findTabularBlocks): a table, an aligned listing, log lines. */
  tabular: boolean;
};

/**
 * One block of a document's text, as the corpus page and the labeling workspace show it: prose
 * wraps in the reading font; tabular lines keep their columns in a fixed-width font with every
 * space kept, and scroll sideways rather than wrap. The element adds no character of its own
 * (no padding text, no line break in the DOM), so the text inside stays the document's text and
 * offsets into it hold. Widths and sizes of the prose come from `className`.
 */
export function DocumentBlock({ tabular, className, ...rest }: DocumentBlockProps) {
  return (
    <span
      data-testid={tabular ? "document-table" : undefined}
      className={cx(
        tabular
          ? "block w-fit max-w-full overflow-x-auto whitespace-pre rounded bg-zinc-50 px-2 font-mono text-[12px] text-zinc-800 leading-relaxed"
          : "block whitespace-pre-wrap break-words",
        className,
      )}
      {...rest}
    />
  );
}
