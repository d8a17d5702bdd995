import { chunkDocument } from "@/lib/chunking/chunk-document";
import type { ChunkingConfig } from "@/lib/configs/config-schema";

export type CorpusChunk = { documentIndex: number; start: number; end: number };

/** Chunks every document; `texts[i]` is the text of chunk i (a slice, never altered). */
export function chunkCorpus(options: { documents: { text: string }[]; chunking: ChunkingConfig }): {
  chunks: CorpusChunk[];
  texts: string[];
} {
  const chunks: CorpusChunk[] = [];
  const texts: string[] = [];
  options.documents.forEach((document, documentIndex) => {
    for (const span of chunkDocument({ text: document.text, chunking: options.chunking })) {
      chunks.push({ documentIndex, start: span.start, end: span.end });
      texts.push(document.text.slice(span.start, span.end));
    }
  });
  return { chunks, texts };
}
