import { chunkDocument } from "@/lib/chunking/chunk-document";
import type { ChunkingConfig } from "@/lib/configs/config-schema";

export type CorpusChunk = { documentIndex: number; start: number; end: number };

/**
 * Chunks every document. `texts[i]` is what retrievers index for chunk i: the slice of the
 * document text at the chunk's span, preceded by the document's title and one space when
 * `chunking.prependTitle` is set and the title is not blank (as `goldenset retrieve` joins BEIR's
 * title and text). The spans always point into the text alone.
 */
export function chunkCorpus(options: {
  documents: { text: string; title?: string | null }[];
  chunking: ChunkingConfig;
}): {
  chunks: CorpusChunk[];
  texts: string[];
} {
  const { chunking } = options;
  const chunks: CorpusChunk[] = [];
  const texts: string[] = [];
  options.documents.forEach((document, documentIndex) => {
    const title = chunking.prependTitle ? (document.title ?? "") : "";
    const prefix = title.trim() === "" ? "" : `${title} `;
    for (const span of chunkDocument({ text: document.text, chunking })) {
      chunks.push({ documentIndex, start: span.start, end: span.end });
      texts.push(prefix + document.text.slice(span.start, span.end));
    }
  });
  return { chunks, texts };
}
