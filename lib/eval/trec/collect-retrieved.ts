import { decodeByteString } from "@/lib/eval/trec/encode-byte-string";
import type { RetrievedDocuments } from "@/lib/eval/trec/evaluate-query";
import type { QueryJudgments } from "@/lib/eval/trec/index-judgments";
import { JUDGED_NEGATIVE, NOT_JUDGED } from "@/lib/eval/trec/score-query";

/**
 * One query's retrieved documents kept compactly while a run streams by: float32 scores, line
 * numbers, FNV-1a hashes of the docnos and the docno bytes back to back (≈ 16 bytes + the docno
 * per document). Docnos never become strings: judgments are looked up, duplicates found and ties
 * broken on the bytes, which at 10M lines saves a string and a string hash per line.
 */
export class RetrievedCollector {
  count = 0;
  private scores: Float32Array;
  private lineNumbers: Uint32Array;
  private hashes: Int32Array;
  private docnoEnds: Uint32Array;
  private bytes: Buffer;
  private byteLength = 0;
  private slots = new Int32Array(0);

  constructor(capacity = 1024) {
    this.scores = new Float32Array(capacity);
    this.lineNumbers = new Uint32Array(capacity);
    this.hashes = new Int32Array(capacity);
    this.docnoEnds = new Uint32Array(capacity);
    this.bytes = Buffer.allocUnsafe(capacity * 16);
  }

  /** Adds the document whose docno is `source[docnoStart, docnoEnd)`; `score` is a float32. */
  add(source: Buffer, docnoStart: number, docnoEnd: number, score: number, lineNumber: number): void {
    if (this.count === this.scores.length) this.growEntries();
    if (this.byteLength + docnoEnd - docnoStart > this.bytes.length) this.growBytes(docnoEnd - docnoStart);
    const bytes = this.bytes;
    let at = this.byteLength;
    let hash = FNV_OFFSET;
    for (let i = docnoStart; i < docnoEnd; i++) {
      const byte = source[i]!;
      bytes[at++] = byte;
      hash = Math.imul(hash ^ byte, FNV_PRIME);
    }
    this.byteLength = at;
    this.scores[this.count] = score;
    this.lineNumbers[this.count] = lineNumber;
    this.hashes[this.count] = hash;
    this.docnoEnds[this.count] = at;
    this.count++;
  }

  /** The documents as `evaluateQuery` takes them, judged against `judgments`. */
  toRetrievedDocuments(judgments: QueryJudgments): RetrievedDocuments {
    const relevance = new Int32Array(this.count);
    const judgedDocnos: string[] = [];
    const judgedGrades: number[] = [];
    const judgedHashes: number[] = [];
    judgments.grades.forEach((grade, docno) => {
      judgedDocnos.push(docno);
      judgedGrades.push(grade);
      judgedHashes.push(hashByteString(docno));
    });
    const slots = this.resetSlots(judgedDocnos.length);
    const mask = slots.length - 1;
    judgedHashes.forEach((hash, entry) => {
      let slot = hash & mask;
      while (slots[slot] !== -1) slot = (slot + 1) & mask;
      slots[slot] = entry;
    });
    for (let i = 0; i < this.count; i++) {
      const hash = this.hashes[i]!;
      relevance[i] = NOT_JUDGED;
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
      duplicateIndex: this.findDuplicate(),
      describe: (index) => ({
        docno: decodeByteString(this.bytes, this.docnoStart(index), this.docnoEnds[index]!),
        lineNumber: this.lineNumbers[index],
      }),
    };
  }

  /** Empties the collector, keeping its capacity for the next query. */
  clear(): void {
    this.count = 0;
    this.byteLength = 0;
  }

  private findDuplicate(): number {
    const slots = this.resetSlots(this.count);
    const mask = slots.length - 1;
    for (let i = 0; i < this.count; i++) {
      const hash = this.hashes[i]!;
      let slot = hash & mask;
      for (; slots[slot] !== -1; slot = (slot + 1) & mask) {
        const earlier = slots[slot]!;
        if (this.hashes[earlier] === hash && this.compareDocnos(earlier, i) === 0) return i;
      }
      slots[slot] = i;
    }
    return -1;
  }

  /** An open-addressing table with at least twice `entries` slots, all empty (-1). */
  private resetSlots(entries: number): Int32Array {
    let size = 16;
    while (size < entries * 2) size *= 2;
    if (this.slots.length !== size) this.slots = new Int32Array(size);
    this.slots.fill(-1);
    return this.slots;
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
    this.lineNumbers = copyInto(new Uint32Array(capacity), this.lineNumbers);
    this.hashes = copyInto(new Int32Array(capacity), this.hashes);
    this.docnoEnds = copyInto(new Uint32Array(capacity), this.docnoEnds);
  }

  private growBytes(extra: number): void {
    const bytes = Buffer.allocUnsafe(Math.max(this.byteLength + extra, this.bytes.length * 2));
    this.bytes.copy(bytes, 0, 0, this.byteLength);
    this.bytes = bytes;
  }
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** FNV-1a of a byte string: equals the hash `add` computes over the same bytes. */
function hashByteString(byteString: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < byteString.length; i++) hash = Math.imul(hash ^ byteString.charCodeAt(i), FNV_PRIME);
  return hash;
}

function copyInto<T extends Float32Array | Uint32Array | Int32Array>(target: T, source: T): T {
  target.set(source);
  return target;
}
