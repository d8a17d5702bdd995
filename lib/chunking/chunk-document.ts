import { chunkFixedCharacters, type FixedCharactersOptions } from "@/lib/chunking/chunk-fixed-characters";
import { AppError } from "@/lib/errors";

/** [start, end) in UTF-16 code units of the ORIGINAL document text; end exclusive. */
export type ChunkSpan = { start: number; end: number };

/**
 * How a document is cut into chunks. A discriminated union on `strategy`: fixed tokens,
 * sentence-packed and recursive chunkers slot in as new members, each in its own module.
 */
export type ChunkingOptions = FixedCharactersOptions;

/**
 * Cuts a document into chunk spans. Pure and deterministic: the same text and options always
 * give the same spans, so chunk ids (`docId#start-end`) can be derived instead of stored.
 * Spans are sorted by start, cover the whole text, and never split a UTF-16 surrogate pair.
 */
export function chunkDocument(options: { text: string; chunking: ChunkingOptions }): ChunkSpan[] {
  const { text, chunking } = options;
  switch (chunking.strategy) {
    case "fixed-characters":
      return chunkFixedCharacters({ text, size: chunking.size, overlap: chunking.overlap });
    default: {
      // Unreachable for typed callers; guards configs that skipped schema validation.
      const unknown: never = chunking.strategy;
      throw new AppError("bad_request", `Unknown chunking strategy "${String(unknown)}".`);
    }
  }
}
