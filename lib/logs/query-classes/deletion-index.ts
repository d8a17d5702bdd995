/**
 * SymSpell's deletion index for the typo recognizer: every string made by deleting up to a
 * word's depth of characters (UTF-16 code units) from it → that word. Kept in flat typed arrays
 * — a hash of each deletion variant and the word's number, open addressing — instead of a Map
 * from variant strings: 20,000 frequent words of 8–12 letters make ~1M variants, which took
 * ~115 MB of heap as a Map of strings to arrays and take ~16 MB here (bench/README.md). A hash
 * match is confirmed by checking that the variant really is a deletion variant of the word
 * (a subsequence at most its depth shorter), so lookups answer exactly what the Map did.
 */
export type DeletionIndex = {
  words: readonly string[];
  /** per word: how many characters its variants may delete */
  depths: Uint8Array;
  /** per slot: 0 when empty, else the word's number + 1 */
  slots: Int32Array;
  /** per slot: the hash of the variant stored there */
  hashes: Int32Array;
  mask: number;
};

export function buildDeletionIndex(
  words: readonly string[],
  depthOf: (word: string) => number,
): DeletionIndex {
  const depths = new Uint8Array(words.length);
  const variantCounts = new Int32Array(words.length);
  let pending = new Int32Array(1024);
  let count = 0;
  words.forEach((word, number) => {
    depths[number] = depthOf(word);
    const variants = deletionVariants(word, depths[number]!);
    variantCounts[number] = variants.size;
    for (const variant of variants) {
      if (count === pending.length) {
        const grown = new Int32Array(pending.length * 2);
        grown.set(pending);
        pending = grown;
      }
      pending[count] = hashString(variant);
      count += 1;
    }
  });
  // At most three quarters full: probe runs stay short, and only rare tokens are looked up.
  let capacity = 16;
  while (capacity * 0.75 < count) capacity *= 2;
  const slots = new Int32Array(capacity);
  const hashes = new Int32Array(capacity);
  const mask = capacity - 1;
  let entry = 0;
  variantCounts.forEach((variants, number) => {
    for (let left = variants; left > 0; left -= 1) {
      const hash = pending[entry]!;
      entry += 1;
      let slot = hash & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = number + 1;
      hashes[slot] = hash;
    }
  });
  return { words, depths, slots, hashes, mask };
}

/** The words that have `variant` among their deletion variants (a word may come twice). */
export function* wordsWithVariant(index: DeletionIndex, variant: string): Generator<string> {
  const hash = hashString(variant);
  for (let slot = hash & index.mask; index.slots[slot] !== 0; slot = (slot + 1) & index.mask) {
    if (index.hashes[slot] !== hash) continue;
    const number = index.slots[slot]! - 1;
    const word = index.words[number]!;
    if (isDeletionVariant(variant, word, index.depths[number]!)) yield word;
  }
}

/** The word itself and every string made by deleting up to `depth` characters. */
export function deletionVariants(word: string, depth: number): Set<string> {
  const variants = new Set([word]);
  let frontier = [word];
  for (let level = 0; level < depth; level += 1) {
    const next: string[] = [];
    for (const current of frontier) {
      for (let position = 0; position < current.length; position += 1) {
        const variant = current.slice(0, position) + current.slice(position + 1);
        if (!variants.has(variant)) {
          variants.add(variant);
          next.push(variant);
        }
      }
    }
    frontier = next;
  }
  return variants;
}

/** Whether `variant` is `word` with at most `depth` characters deleted (a subsequence of it). */
function isDeletionVariant(variant: string, word: string, depth: number): boolean {
  const deleted = word.length - variant.length;
  if (deleted < 0 || deleted > depth) return false;
  let position = 0;
  for (let index = 0; index < word.length && position < variant.length; index += 1) {
    if (word.charCodeAt(index) === variant.charCodeAt(position)) position += 1;
  }
  return position === variant.length;
}

/** FNV-1a over UTF-16 code units, as a signed 32-bit integer. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return hash | 0;
}
