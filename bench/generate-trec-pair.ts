import { closeSync, openSync, writeSync } from "node:fs";
import { createSeededRandom } from "@/lib/eval/statistics/seeded-random";

/**
 * A deterministic qrels/run pair shaped like a real evaluation: `queryCount` queries with ids
 * 1…N (numeric order, which is not trec_eval's byte order), `depth` documents each with decaying
 * scores at 4 decimals (so some ties), docnos `D` + 7 digits, and 20–180 judgments per query
 * (graded 0–3, ~60% of them on retrieved documents, more often near the top).
 * `grouped: false` writes the run rank by rank across queries: every query is split into `depth`
 * pieces, the worst case for a streaming reader.
 */
export function generateTrecPair(options: {
  qrelsPath: string;
  runPath: string;
  queryCount: number;
  depth: number;
  seed: number;
  grouped: boolean;
}): { runLines: number; qrelsLines: number } {
  const { queryCount, depth } = options;
  const random = createSeededRandom(options.seed);
  const offsets = Array.from({ length: queryCount }, () => Math.floor(random() * DOC_SPACE));
  const topScores = Array.from({ length: queryCount }, () => 20 + random() * 20);
  // docno of rank r for query q: injective in r because STRIDE and DOC_SPACE are coprime.
  const docno = (query: number, rank: number) =>
    `D${1_000_000 + ((offsets[query]! + rank * STRIDE) % DOC_SPACE)}`;

  const run = new ChunkedWriter(options.runPath);
  const writeRunLine = (query: number, rank: number) => {
    const score = topScores[query]! * Math.exp(-rank / 300) + random() * 0.001;
    run.write(`${query + 1} Q0 ${docno(query, rank)} ${rank + 1} ${score.toFixed(4)} bench\n`);
  };
  if (options.grouped) {
    for (let query = 0; query < queryCount; query++)
      for (let rank = 0; rank < depth; rank++) writeRunLine(query, rank);
  } else {
    for (let rank = 0; rank < depth; rank++)
      for (let query = 0; query < queryCount; query++) writeRunLine(query, rank);
  }
  run.close();

  const qrels = new ChunkedWriter(options.qrelsPath);
  let qrelsLines = 0;
  for (let query = 0; query < queryCount; query++) {
    const judged = 20 + Math.floor(random() * 161);
    const retrievedRanks = new Set<number>();
    for (let j = 0; j < judged; j++) {
      const grade = pickGrade(random());
      if (random() < 0.6) {
        const rank = Math.floor(depth * random() ** 2);
        if (retrievedRanks.has(rank)) continue;
        retrievedRanks.add(rank);
        qrels.write(`${query + 1} 0 ${docno(query, rank)} ${grade}\n`);
      } else {
        qrels.write(`${query + 1} 0 N${query + 1}-${j} ${grade}\n`);
      }
      qrelsLines++;
    }
  }
  qrels.close();
  return { runLines: queryCount * depth, qrelsLines };
}

const DOC_SPACE = 9_000_000;
const STRIDE = 7919;

function pickGrade(draw: number): number {
  return draw < 0.55 ? 0 : draw < 0.8 ? 1 : draw < 0.93 ? 2 : 3;
}

/** Appends text to a file in ~1 MB writes. */
class ChunkedWriter {
  private readonly fd: number;
  private pending: string[] = [];
  private pendingLength = 0;

  constructor(path: string) {
    this.fd = openSync(path, "w");
  }

  write(text: string): void {
    this.pending.push(text);
    this.pendingLength += text.length;
    if (this.pendingLength >= 1 << 20) this.flush();
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }

  private flush(): void {
    writeSync(this.fd, this.pending.join(""));
    this.pending = [];
    this.pendingLength = 0;
  }
}
