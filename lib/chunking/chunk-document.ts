import { chunkFixedCharacters, type FixedCharactersOptions } from "@/lib/chunking/chunk-fixed-characters";
import { chunkFixedTokens, type FixedTokensOptions } from "@/lib/chunking/chunk-fixed-tokens";
import { chunkRecursive, type RecursiveOptions } from "@/lib/chunking/chunk-recursive";
import { chunkSentencePacked, type SentencePackedOptions } from "@/lib/chunking/chunk-sentence-packed";
import { AppError } from "@/lib/errors";

/** [start, end) in UTF-16 code units of the ORIGINAL document text; end exclusive. */
export type ChunkSpan = { start: number; end: number };

/** One chunk per document: its span is the whole text. */
type WholeDocumentOptions = { strategy: "document" };

/**
 * How a document is cut into chunks: a discriminated union on `strategy`, one module each.
 * `size` and `overlap` are in each strategy's unit: code units for `fixed-characters`,
 * `sentence-packed` and `recursive`, tokens for `fixed-tokens`; `document` has neither.
 */
export type ChunkingOptions =
  | FixedCharactersOptions
  | FixedTokensOptions
  | SentencePackedOptions
  | RecursiveOptions
  | WholeDocumentOptions;

/**
 * Cuts a document into chunk spans. Pure and deterministic: the same text and options always
 * give the same spans, so chunk ids (`docId#start-end`) can be derived instead of stored.
 * For every strategy the spans are sorted by start (ends strictly increase too, so no chunk lies
 * inside another), every non-whitespace character lies in some chunk, and no span splits a
 * UTF-16 surrogate pair. `fixed-characters` covers the whitespace too, with no gap; the others
 * start and end every chunk on non-whitespace and leave out whitespace between chunks.
 * `document` gives the one span [0, text.length) (none for an empty text).
 */
export function chunkDocument(options: { text: string; chunking: ChunkingOptions }): ChunkSpan[] {
  const { text, chunking } = options;
  switch (chunking.strategy) {
    case "fixed-characters":
      return chunkFixedCharacters({ text, size: chunking.size, overlap: chunking.overlap });
    case "fixed-tokens":
      return chunkFixedTokens({ text, size: chunking.size, overlap: chunking.overlap });
    case "sentence-packed":
      return chunkSentencePacked({ text, size: chunking.size, overlap: chunking.overlap });
    case "recursive":
      return chunkRecursive({ text, size: chunking.size, overlap: chunking.overlap });
    case "document":
      return text.length === 0 ? [] : [{ start: 0, end: text.length }];
    default: {
      // Unreachable for typed callers; guards configs that skipped schema validation.
      const unknown: never = chunking;
      throw new AppError(
        "bad_request",
        `Unknown chunking strategy "${String((unknown as { strategy: unknown }).strategy)}".`,
      );
    }
  }
}
