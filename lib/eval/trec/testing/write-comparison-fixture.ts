import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Where the fixture's files are, and how to remove them. */
export type ComparisonFixture = {
  dir: string;
  qrels: string;
  /** The relevant document at rank 1, except every 4th query (rank 2). */
  baseline: string;
  /** The relevant document at rank 4 on queries 1–30: a large, consistent drop. */
  worse: string;
  /** As the baseline, but rank 2 on query 1 only: a drop no test can call significant. */
  noisy: string;
  /** Wins on 10 queries, losses on 8, the rest as the baseline: a change that may be noise. */
  mixed: string;
  /** The relevant document at rank 1 everywhere. */
  better: string;
  /** The baseline without queries 1–10 (they score 0 there under -c). */
  partial: string;
  /** Queries in the qrels; the last, q41, is in no run. */
  queryCount: number;
  dispose: () => void;
};

const RUN_QUERIES = 40;

/**
 * Writes a small TREC collection for the compare/gate tests into a new temp folder: 41 qrels
 * queries (q01–q41), each with one highly relevant document (grade 2), one partly relevant
 * (grade 1, always at rank 6) and one judged non-relevant; runs of 10 documents per query.
 */
export function writeComparisonFixture(): ComparisonFixture {
  const dir = mkdtempSync(join(tmpdir(), "goldenset-compare-"));
  const queryId = (query: number) => `q${String(query).padStart(2, "0")}`;
  let qrels = "";
  for (let query = 1; query <= RUN_QUERIES + 1; query++) {
    const id = queryId(query);
    qrels += `${id} 0 R-${id} 2\n${id} 0 P-${id} 1\n${id} 0 N-${id} 0\n`;
  }
  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  /** A run whose highly relevant document sits at `rankOf(query)` (null: query left out). */
  const run = (tag: string, rankOf: (query: number) => number | null) => {
    let text = "";
    for (let query = 1; query <= RUN_QUERIES; query++) {
      const rank = rankOf(query);
      if (rank === null) continue;
      const id = queryId(query);
      const documents = Array.from({ length: 10 }, (_, index) => `U-${id}-${index}`);
      documents[5] = `P-${id}`;
      documents[rank === 1 ? 1 : 0] = `N-${id}`;
      documents[rank - 1] = `R-${id}`;
      documents.forEach((document, index) => {
        text += `${id} Q0 ${document} ${index + 1} ${(10 - index).toFixed(2)} ${tag}\n`;
      });
    }
    return write(`${tag}.txt`, text);
  };
  const baselineRank = (query: number) => (query % 4 === 0 ? 2 : 1);
  return {
    dir,
    qrels: write("qrels.txt", qrels),
    baseline: run("baseline", baselineRank),
    worse: run("worse", (query) => (query <= 30 ? 4 : baselineRank(query))),
    noisy: run("noisy", (query) => (query === 1 ? 2 : baselineRank(query))),
    mixed: run("mixed", (query) =>
      query % 4 === 0 ? 1 : query % 4 === 1 && query <= 29 ? 3 : baselineRank(query),
    ),
    better: run("better", () => 1),
    partial: run("partial", (query) => (query <= 10 ? null : baselineRank(query))),
    queryCount: RUN_QUERIES + 1,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
