import { DocumentBlock } from "@/components/ui/document-block";
import { findTabularBlocks } from "@/lib/corpora/find-tabular-blocks";

/**
 * A document's text as it was written: prose wraps in the reading font; tables, aligned listings
 * and log lines (findTabularBlocks) keep their columns (DocumentBlock). Every character is
 * rendered once, in order, so offsets into the text hold.
 */
export function DocumentText({ text }: { text: string }) {
  if (!text) return <span className="text-zinc-400 italic">This document has no text.</span>;
  return findTabularBlocks(text).map((block) => (
    <DocumentBlock
      key={block.start}
      tabular={block.tabular}
      className={block.tabular ? undefined : "max-w-[80ch]"}
    >
      {text.slice(block.start, block.end)}
    </DocumentBlock>
  ));
}
