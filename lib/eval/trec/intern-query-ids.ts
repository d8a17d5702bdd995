import { decodeByteString } from "@/lib/eval/trec/encode-byte-string";

/**
 * Numbers the distinct query ids of a run (0, 1, 2, … in order of first appearance) straight from
 * the bytes of each line: a line of the same query as the previous one costs a byte comparison,
 * any other one a hash probe; only a new id is decoded to a string. An ungrouped run switches
 * query on nearly every line, so this is its hot path.
 */
export class QueryIdInterner {
  /** The ids as byte strings (see encode-byte-string.ts), by number. */
  readonly byteStrings: string[] = [];
  private hashes: number[] = [];
  private starts: number[] = [];
  private bytes = Buffer.allocUnsafe(1 << 16);
  private byteLength = 0;
  private slots = new Int32Array(1024).fill(-1);
  private lastId = -1;

  /** The number of the id `buffer[start, end)`, assigning the next one if it is new. */
  intern(buffer: Buffer, start: number, end: number): number {
    if (this.lastId !== -1 && this.equals(this.lastId, buffer, start, end)) return this.lastId;
    let hash = FNV_OFFSET;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ buffer[i]!, FNV_PRIME);
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (; this.slots[slot] !== -1; slot = (slot + 1) & mask) {
      const id = this.slots[slot]!;
      if (this.hashes[id] === hash && this.equals(id, buffer, start, end)) {
        this.lastId = id;
        return id;
      }
    }
    const id = this.byteStrings.length;
    this.byteStrings.push(decodeByteString(buffer, start, end));
    this.hashes.push(hash);
    this.starts.push(this.byteLength);
    this.store(buffer, start, end);
    this.slots[slot] = id;
    if (this.byteStrings.length * 2 > this.slots.length) this.rehash();
    this.lastId = id;
    return id;
  }

  private equals(id: number, buffer: Buffer, start: number, end: number): boolean {
    const from = this.starts[id]!;
    const length = (id + 1 < this.starts.length ? this.starts[id + 1]! : this.byteLength) - from;
    if (length !== end - start) return false;
    for (let i = 0; i < length; i++) if (this.bytes[from + i] !== buffer[start + i]) return false;
    return true;
  }

  private store(buffer: Buffer, start: number, end: number): void {
    if (this.byteLength + end - start > this.bytes.length) {
      const bytes = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.byteLength + end - start));
      this.bytes.copy(bytes, 0, 0, this.byteLength);
      this.bytes = bytes;
    }
    buffer.copy(this.bytes, this.byteLength, start, end);
    this.byteLength += end - start;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = this.slots.length - 1;
    this.hashes.forEach((hash, id) => {
      let slot = hash & mask;
      while (this.slots[slot] !== -1) slot = (slot + 1) & mask;
      this.slots[slot] = id;
    });
  }
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;
