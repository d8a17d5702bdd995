import { type ChunkingOptions, chunkDocument } from "@/lib/chunking/chunk-document";
import { randomInteger, randomProse } from "@/lib/chunking/testing/chunking-test-support";

type WindowStrategy = "fixed-tokens" | "sentence-packed" | "recursive";

/** The texts of the chunks `strategy` cuts `text` into with this size and overlap. */
export function chunkTexts(strategy: WindowStrategy, text: string, size: number, overlap: number): string[] {
  const chunking = { strategy, size, overlap } as ChunkingOptions;
  return chunkDocument({ text, chunking }).map((span) => text.slice(span.start, span.end));
}

/**
 * A random text of `minLength` plus up to `spread` characters, and the same text rewritten from a
 * random point on (up to 200 new characters): what a document being typed looks like between two
 * saves. Draws from `random` in a fixed order, so a seed gives the same texts every time.
 */
export function randomRewrite(random: () => number, spread: number, minLength = 50) {
  const before = randomProse(random, minLength + randomInteger(random, spread));
  const editAt = randomInteger(random, before.length + 1);
  const after = before.slice(0, editAt) + randomProse(random, randomInteger(random, 200));
  return { before, editAt, after };
}
