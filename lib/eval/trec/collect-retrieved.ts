import { decodeByteString } from "@/lib/eval/trec/encode-byte-string";
import type { RetrievedDocuments } from "@/lib/eval/trec/evaluate-query";
import type { QueryJudgments } from "@/lib/eval/trec/index-judgments";
import { JUDGED_NEGATIVE, NOT_JUDGED } from "@/lib/eval/trec/score-query";

/**
 * One query's retrieved documents kept compactly while a run streams by: float32 scores, the
 * docno bytes back to back with their end offsets and, if `trackLineNumbers`, each line number
 * (8 or 12 bytes + the docno per document). Docnos never become strings: judgments are looked up,
 * duplicates found and ties broken on the bytes, which at 10M lines saves a string and a string
 * hash per line. Capacities (documents, docno bytes) grow by doubling; give exact ones when known.
 */
export class RetrievedCollector {
  count = 0;
  private scores: Float32Array;
  private lineNumbers: Uint32Array | undefined;
  private docnoEnds: Uint32Array;
  private bytes: Buffer;
  private byteLength = 0;

  constructor(options: { capacity: number; byteCapacity: number; trackLineNumbers: boolean }) {
    const capacity = Math.max(options.capacity, 1);
    this.scores = new Float32Array(capacity);
    this.lineNumbers = options.trackLineNumbers ? new Uint32Array(capacity) : undefined;
    this.docnoEnds = new Uint32Array(capacity);
    this.bytes = Buffer.allocUnsafe(Math.max(options.byteCapacity, 16));
  }

  /** Adds the document whose docno is `source[docnoStart, docnoEnd)`; `score` is a float32. */
  add(source: Buffer, docnoStart: number, docnoEnd: number, score: number, lineNumber: number): void {
    if (this.count === this.scores.length) this.growEntries();
    if (this.byteLength + docnoEnd - docnoStart > this.bytes.length) this.growBytes(docnoEnd - docnoStart);
    // A short docno copies faster byte by byte than through Buffer.copy.
    const bytes = this.bytes;
    let at = this.byteLength;
    for (let i = docnoStart; i < docnoEnd; i++) bytes[at++] = source[i]!;
    this.byteLength = at;
    this.scores[this.count] = score;
    if (this.lineNumbers) this.lineNumbers[this.count] = lineNumber;
    this.docnoEnds[this.count] = at;
    this.count++;
  }

  /**
   * The documents as `evaluateQuery` takes them, judged against `judgments`. The result reads the
   * collector's storage: use it before the next `add` or `clear`.
   */
  toRetrievedDocuments(judgments: QueryJudgments): RetrievedDocuments {
    const hashes = this.hashDocnos();
    const relevance = new Int32Array(this.count);
    const judgedDocnos: string[] = [];
    const judgedGrades: number[] = [];
    const judgedHashes: number[] = [];
    judgments.grades.forEach((grade, docno) => {
      judgedDocnos.push(docno);
      judgedGrades.push(grade);
      judgedHashes.push(hashByteString(docno));
    });
    const slots = resetSlots(judgedDocnos.length);
    const mask = slots.length - 1;
    judgedHashes.forEach((hash, entry) => {
      let slot = hash & mask;
      while (slots[slot] !== -1) slot = (slot + 1) & mask;
      slots[slot] = entry;
    });
    relevance.fill(NOT_JUDGED);
    for (let i = 0; i < this.count; i++) {
      const hash = hashes[i]!;
      for (let slot = hash & mask; slots[slot] !== -1; slot = (slot + 1) & mask) {
        const entry = slots[slot]!;
        if (judgedHashes[entry] === hash && this.docnoEquals(i, judgedDocnos[entry]!)) {
          const grade = judgedGrades[entry]!;
          relevance[i] = grade >= 0 ? grade : JUDGED_NEGATIVE;
          break;
        }
      }
    }
    return {
      count: this.count,
      scores: this.scores,
      relevance,
      compareDocnos: (a, b) => this.compareDocnos(a, b),
      duplicateIndex: this.findDuplicate(hashes),
      describe: (index) => ({
        docno: decodeByteString(this.bytes, this.docnoStart(index), this.docnoEnds[index]!),
        lineNumber: this.lineNumbers?.[index],
      }),
    };
  }

  /** Empties the collector, keeping its capacity for the next query. */
  clear(): void {
    this.count = 0;
    this.byteLength = 0;
  }

  private hashDocnos(): Int32Array {
    if (scratch.hashes.length < this.count) scratch.hashes = new Int32Array(this.count * 2);
    const hashes = scratch.hashes;
    const bytes = this.bytes;
    let start = 0;
    for (let i = 0; i < this.count; i++) {
      const end = this.docnoEnds[i]!;
      let hash = FNV_OFFSET;
      for (let at = start; at < end; at++) hash = Math.imul(hash ^ bytes[at]!, FNV_PRIME);
      hashes[i] = hash;
      start = end;
    }
    return hashes;
  }

  private findDuplicate(hashes: Int32Array): number {
    const slots = resetSlots(this.count);
    const mask = slots.length - 1;
    for (let i = 0; i < this.count; i++) {
      const hash = hashes[i]!;
      let slot = hash & mask;
      for (; slots[slot] !== -1; slot = (slot + 1) & mask) {
        const earlier = slots[slot]!;
        if (hashes[earlier] === hash && this.compareDocnos(earlier, i) === 0) return i;
      }
      slots[slot] = i;
    }
    return -1;
  }

  private docnoStart(index: number): number {
    return index === 0 ? 0 : this.docnoEnds[index - 1]!;
  }

  /** strcmp on the two docnos' bytes. */
  private compareDocnos(a: number, b: number): number {
    const bytes = this.bytes;
    let i = this.docnoStart(a);
    let j = this.docnoStart(b);
    const endA = this.docnoEnds[a]!;
    const endB = this.docnoEnds[b]!;
    for (; i < endA && j < endB; i++, j++) {
      if (bytes[i] !== bytes[j]) return bytes[i]! - bytes[j]!;
    }
    return endA - i - (endB - j);
  }

  private docnoEquals(index: number, byteString: string): boolean {
    const start = this.docnoStart(index);
    if (this.docnoEnds[index]! - start !== byteString.length) return false;
    for (let i = 0; i < byteString.length; i++) {
      if (this.bytes[start + i] !== byteString.charCodeAt(i)) return false;
    }
    return true;
  }

  private growEntries(): void {
    const capacity = this.scores.length * 2;
    this.scores = copyInto(new Float32Array(capacity), this.scores);
    if (this.lineNumbers) this.lineNumbers = copyInto(new Uint32Array(capacity), this.lineNumbers);
    this.docnoEnds = copyInto(new Uint32Array(capacity), this.docnoEnds);
  }

  private growBytes(extra: number): void {
    const bytes = Buffer.allocUnsafe(Math.max(this.byteLength + extra, this.bytes.length * 2));
    this.bytes.copy(bytes, 0, 0, this.byteLength);
    this.bytes = bytes;
  }
}

// FNV-1a, as in intern-query-ids.ts (each module keeps its own copy: hot loops).
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/**
 * Scratch space shared by all collectors (queries are evaluated one at a time): docno hashes and
 * an open-addressing table, so that evaluating 10,000 queries allocates neither 10,000 times.
 */
const scratch = { hashes: new Int32Array(1024), slots: new Int32Array(4096) };

/** An open-addressing table with at least twice `entries` slots, all empty (-1). */
function resetSlots(entries: number): Int32Array {
  let size = 16;
  while (size < entries * 2) size *= 2;
  if (scratch.slots.length < size) scratch.slots = new Int32Array(size);
  const slots = scratch.slots.subarray(0, size);
  slots.fill(-1);
  return slots;
}

/** FNV-1a of a byte string: equals `hashDocnos`' hash of the same bytes. */
function hashByteString(byteString: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < byteString.length; i++) hash = Math.imul(hash ^ byteString.charCodeAt(i), FNV_PRIME);
  return hash;
}

function copyInto<T extends Float32Array | Uint32Array | Int32Array>(target: T, source: T): T {
  target.set(source);
  return target;
}
