import { findTabularBlocks } from "@/lib/corpora/find-tabular-blocks";

/**
 * A document's text as it was written: prose wraps in the reading font; tables, aligned listings
 * and log lines (findTabularBlocks) keep their columns in a fixed-width font and scroll sideways
 * rather than wrap. Every character is rendered once, in order, so offsets into the text hold.
 */
export function DocumentText({ text }: { text: string }) {
  if (!text) return <span className="text-zinc-400 italic">This document has no text.</span>;
  return findTabularBlocks(text).map((block) =>
    block.tabular ? (
      <span
        key={block.start}
        className="block w-fit max-w-full overflow-x-auto whitespace-pre rounded bg-zinc-50 px-2 font-mono text-[12px] text-zinc-800 leading-relaxed"
        data-testid="document-table"
      >
        {text.slice(block.start, block.end)}
      </span>
    ) : (
      <span key={block.start} className="block max-w-[80ch] whitespace-pre-wrap break-words">
        {text.slice(block.start, block.end)}
      </span>
    ),
  );
}
