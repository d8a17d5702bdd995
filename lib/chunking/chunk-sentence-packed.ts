import type { ChunkSpan } from "@/lib/chunking/chunk-document";
import { validateWindow } from "@/lib/chunking/chunk-fixed-characters";
import { packSpans } from "@/lib/chunking/pack-spans";
import { splitSentences } from "@/lib/text/split-sentences";

export type SentencePackedOptions = { strategy: "sentence-packed"; size: number; overlap: number };

/**
 * Whole sentences (see `splitSentences` for the rules) packed greedily into chunks of at most
 * `size` UTF-16 code units; the next chunk repeats the trailing whole sentences that fit in
 * `overlap` code units. A sentence longer than `size` is cut by the fixed-characters rule.
 * `packSpans` states the full contract. In short:
 * - every sentence lies in some chunk, so every non-whitespace character does; only a sentence
 *   longer than `size` is ever cut; a chunk starts and ends on non-whitespace;
 * - every chunk is at most `size` code units (2 for `size` 1 on an astral character);
 * - consecutive chunks share at most `overlap` code units: as many whole trailing sentences as
 *   fit, fewer when the next sentence would not fit with them, none around an oversized sentence;
 *   so `overlap` is a ceiling, not an exact amount, and may give no overlap at all;
 * - stability: a sentence is final once the first 11 code units of the next one are, and a chunk
 *   is final once the sentence after its last one is; so an edit at offset p moves no chunk with
 *   two sentence starts between its end and p - 11.
 */
export function chunkSentencePacked(options: { text: string; size: number; overlap: number }): ChunkSpan[] {
  const { text, size, overlap } = options;
  validateWindow(size, overlap);
  return packSpans({ text, units: splitSentences({ text }), size, overlap });
}
