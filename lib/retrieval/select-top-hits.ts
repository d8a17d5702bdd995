/**
 * Top-k selection over scored documents with a bounded binary min-heap held in typed arrays:
 * O(n log k) time, no per-candidate allocation. Order: score descending, then index ascending —
 * equal scores rank the earlier document first — or, with `ties: "later-first"`, descending.
 */
export class TopHitsHeap {
  private readonly indices: Int32Array;
  private readonly scores: Float64Array;
  private readonly laterFirst: boolean;
  private count = 0;

  constructor(
    readonly capacity: number,
    options: { ties?: "earlier-first" | "later-first" } = {},
  ) {
    this.laterFirst = options.ties === "later-first";
    this.indices = new Int32Array(capacity);
    this.scores = new Float64Array(capacity);
  }

  /** Offers one candidate; keeps it only if it beats the worst of the current top k. */
  offer(index: number, score: number): void {
    if (this.capacity === 0) return;
    if (this.count < this.capacity) {
      this.indices[this.count] = index;
      this.scores[this.count] = score;
      this.count++;
      this.siftUp(this.count - 1);
      return;
    }
    if (!this.ranksBelow(this.indices[0]!, this.scores[0]!, index, score)) return;
    this.indices[0] = index;
    this.scores[0] = score;
    this.siftDown(0);
  }

  /** The kept hits, best first. */
  sorted(): { index: number; score: number }[] {
    const hits: { index: number; score: number }[] = [];
    for (let slot = 0; slot < this.count; slot++)
      hits.push({ index: this.indices[slot]!, score: this.scores[slot]! });
    return hits.sort(
      (a, b) => b.score - a.score || (this.laterFirst ? b.index - a.index : a.index - b.index),
    );
  }

  /** Whether hit a ranks below hit b (lower score, or same score and behind it in the tie order). */
  private ranksBelow(indexA: number, scoreA: number, indexB: number, scoreB: number): boolean {
    return scoreA < scoreB || (scoreA === scoreB && (this.laterFirst ? indexA < indexB : indexA > indexB));
  }

  private worseAt(slotA: number, slotB: number): boolean {
    return this.ranksBelow(
      this.indices[slotA]!,
      this.scores[slotA]!,
      this.indices[slotB]!,
      this.scores[slotB]!,
    );
  }

  private swap(slotA: number, slotB: number): void {
    const index = this.indices[slotA]!;
    const score = this.scores[slotA]!;
    this.indices[slotA] = this.indices[slotB]!;
    this.scores[slotA] = this.scores[slotB]!;
    this.indices[slotB] = index;
    this.scores[slotB] = score;
  }

  private siftUp(from: number): void {
    let slot = from;
    while (slot > 0) {
      const parent = (slot - 1) >> 1;
      if (!this.worseAt(slot, parent)) return;
      this.swap(slot, parent);
      slot = parent;
    }
  }

  private siftDown(from: number): void {
    let slot = from;
    for (;;) {
      const left = 2 * slot + 1;
      const right = left + 1;
      let worst = slot;
      if (left < this.count && this.worseAt(left, worst)) worst = left;
      if (right < this.count && this.worseAt(right, worst)) worst = right;
      if (worst === slot) return;
      this.swap(slot, worst);
      slot = worst;
    }
  }
}
