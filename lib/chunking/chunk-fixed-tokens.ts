import type { ChunkSpan } from "@/lib/chunking/chunk-document";
import { validateWindow } from "@/lib/chunking/chunk-fixed-characters";
import { tokenSpans } from "@/lib/chunking/token-spans";

export type FixedTokensOptions = { strategy: "fixed-tokens"; size: number; overlap: number };

/**
 * Windows of `size` tokens (see `tokenSpans` for what a token is), each starting
 * `size - overlap` tokens after the previous one; a chunk's span runs from its first token's start
 * to its last token's end, so it holds the whitespace between its tokens but none around them.
 *
 * Contract:
 * - every token lies in some chunk, so every non-whitespace character does; a text without
 *   tokens (empty or all whitespace) yields no chunks;
 * - every chunk holds exactly `size` tokens except the last, which holds 1 to `size`;
 * - consecutive chunks share exactly `overlap` tokens;
 * - the window that reaches the last token is the last one, so no chunk lies inside another:
 *   starts and ends both strictly increase;
 * - stability: an edit at offset p leaves every chunk that ends before p unchanged, except the
 *   last chunk of the document (which may grow into the added tokens).
 */
export function chunkFixedTokens(options: { text: string; size: number; overlap: number }): ChunkSpan[] {
  const { text, size, overlap } = options;
  validateWindow(size, overlap);
  const tokens = tokenSpans({ text });
  const step = size - overlap;
  const chunks: ChunkSpan[] = [];
  for (let first = 0; first < tokens.length; first += step) {
    const last = Math.min(first + size, tokens.length) - 1;
    chunks.push({ start: tokens[first]!.start, end: tokens[last]!.end });
    if (last === tokens.length - 1) break;
  }
  return chunks;
}
