import type { ComponentProps, CSSProperties } from "react";
import { cx } from "./cx";

type DocumentBlockProps = ComponentProps<"span"> & {
  /** A block of tabular lines (findTabularBlocks): a table, an aligned listing, log lines. */
  tabular: boolean;
};

/**
 * Scroll shadows: a soft edge on the side where more of a wide table lies out of view. The cover
 * gradients scroll with the content (`local`) and hide the shadows (`scroll`) at either end — a
 * cue where overlay scrollbars show none.
 */
const scrollShadows: CSSProperties = {
  background: [
    "linear-gradient(to right, var(--color-zinc-50) 40%, transparent) left / 1.5rem 100% no-repeat local",
    "linear-gradient(to left, var(--color-zinc-50) 40%, transparent) right / 1.5rem 100% no-repeat local",
    "linear-gradient(to right, rgb(0 0 0 / 0.1), transparent) left / 0.6rem 100% no-repeat scroll",
    "linear-gradient(to left, rgb(0 0 0 / 0.1), transparent) right / 0.6rem 100% no-repeat scroll",
    "var(--color-zinc-50)",
  ].join(", "),
};

/**
 * One block of a document's text, as the corpus page and the labeling workspace show it: prose
 * wraps in the reading font; tabular lines keep their columns in a fixed-width font with every
 * space kept, and scroll sideways rather than wrap. The element adds no character of its own
 * (no padding text, no line break in the DOM), so the text inside stays the document's text and
 * offsets into it hold. Widths and sizes of the prose come from `className`.
 */
export function DocumentBlock({ tabular, className, style, ...rest }: DocumentBlockProps) {
  return (
    <span
      data-testid={tabular ? "document-table" : undefined}
      style={tabular ? { ...scrollShadows, ...style } : style}
      className={cx(
        tabular
          ? "block w-fit max-w-full overflow-x-auto whitespace-pre rounded px-2 font-mono text-[12px] text-zinc-800 leading-relaxed"
          : "block whitespace-pre-wrap break-words",
        className,
      )}
      {...rest}
    />
  );
}
