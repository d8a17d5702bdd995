import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { evaluateTrecEntries } from "@/lib/eval/trec/evaluate-trec-entries";
import { evaluateTrecFiles } from "@/lib/eval/trec/evaluate-trec-files";
import type { QrelEntry, RunEntry } from "@/lib/eval/trec/trec-types";

const dir = mkdtempSync(join(tmpdir(), "goldenset-trec-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
function writeTemp(text: string): string {
  const path = join(dir, `file-${++fileCount}.txt`);
  writeFileSync(path, text);
  return path;
}

/** A seeded random qrels/run pair with the awkward cases: ties, exponents, negative scores. */
function randomPair(seed: number): { qrels: QrelEntry[]; run: RunEntry[] } {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const qrels: QrelEntry[] = [];
  const run: RunEntry[] = [];
  for (let query = 1; query <= 30; query++) {
    const queryId = String(query * 37);
    const judged = new Set<number>();
    for (let j = Math.floor(random() * 12); j > 0; j--) judged.add(Math.floor(random() * 60));
    for (const doc of judged) qrels.push({ queryId, docId: `D${doc}`, grade: Math.floor(random() * 4) });
    if (query % 7 === 0) continue; // qrels-only query
    const depth = Math.floor(random() * 50);
    for (let doc = 0; doc < depth; doc++) {
      const score =
        random() < 0.3 ? Math.floor(random() * 3) / 2 : (random() - 0.3) * 10 ** Math.floor(random() * 4 - 2);
      run.push({ queryId, docId: `D${doc}`, score });
    }
  }
  run.push({ queryId: "run-only", docId: "D1", score: 1 });
  return { qrels, run };
}

const qrelsText = (qrels: QrelEntry[]) => qrels.map((q) => `${q.queryId} 0 ${q.docId} ${q.grade}\n`).join("");
const runLine = (r: RunEntry, i: number) =>
  `${r.queryId}\tQ0 ${r.docId} ${i % 5} ${i % 2 ? r.score.toExponential() : String(r.score)} tag extra\n`;

/** Per-query and summary values of the file path, keyed like evaluateTrecEntries' result. */
async function evaluateFiles(options: Parameters<typeof evaluateTrecFiles>[0]) {
  const evaluation = await evaluateTrecFiles(options);
  const record = (values: Float64Array, skipNumQ: boolean) =>
    Object.fromEntries(
      evaluation.names.flatMap((name, j) => (skipNumQ && name === "num_q" ? [] : [[name, values[j]!]])),
    );
  return {
    perQuery: new Map(evaluation.queries.map(({ queryId, values }) => [queryId, record(values, true)])),
    summary: record(evaluation.summary, false),
    splitQueries: evaluation.splitQueries,
  };
}

describe("evaluateTrecFiles", () => {
  const { qrels, run } = randomPair(11);
  const qrelsPath = writeTemp(qrelsText(qrels));
  const groupedPath = writeTemp(run.map(runLine).join(""));
  // Every query's lines interleaved: each query arrives in pieces.
  const interleaved = [...run.keys()]
    .sort((a, b) => (a % 3) - (b % 3) || a - b)
    .map((i) => runLine(run[i]!, i));
  const ungroupedPath = writeTemp(interleaved.join(""));

  for (const options of [{}, { averageOverAllQrels: true }, { relevanceLevel: 2 }]) {
    it(`equals the in-memory evaluation on a grouped run (${JSON.stringify(options)})`, async () => {
      const fromFiles = await evaluateFiles({
        qrelsPath,
        runPath: groupedPath,
        measures: ["all_trec"],
        ...options,
      });
      const inMemory = evaluateTrecEntries({ qrels, run, measures: ["all_trec"], ...options });
      expect(fromFiles.splitQueries).toBe(0);
      expect(fromFiles.perQuery).toEqual(inMemory.perQuery);
      expect(fromFiles.summary).toEqual(inMemory.summary);
    });

    it(`gives the same numbers when the run is not grouped by query (${JSON.stringify(options)})`, async () => {
      const grouped = await evaluateFiles({
        qrelsPath,
        runPath: groupedPath,
        measures: ["all_trec"],
        ...options,
      });
      const ungrouped = await evaluateFiles({
        qrelsPath,
        runPath: ungroupedPath,
        measures: ["all_trec"],
        ...options,
      });
      expect(ungrouped.splitQueries).toBeGreaterThan(10);
      expect(ungrouped.perQuery).toEqual(grouped.perQuery);
      expect(ungrouped.summary).toEqual(grouped.summary);
    });
  }

  it("reads tabs, CRLF, blank lines and comments; ignores the rank column", async () => {
    const runPath = writeTemp("# a comment\r\n1 Q0 a 1 0.5 t\r\n\r\n1\tQ0\tb\t1\t0.9\tt\r\n  1 Q0 c 3 0.1 t");
    const path = writeTemp("1 0 c 1\r\n\n1 0 a 2\n");
    const { perQuery } = await evaluateFiles({
      qrelsPath: path,
      runPath,
      measures: ["recip_rank", "num_ret"],
    });
    expect(perQuery.get("1")).toEqual({ num_ret: 3, recip_rank: 1 / 2 });
  });

  it("names the file and line of a duplicate docno, grouped or not", async () => {
    const grouped = writeTemp("1 Q0 a 1 1 t\n1 Q0 b 2 1 t\n1 Q0 a 3 1 t\n");
    const split = writeTemp("1 Q0 a 1 1 t\n2 Q0 a 1 1 t\n1 Q0 b 2 1 t\n1 Q0 a 3 1 t\n");
    const path = writeTemp("1 0 a 1\n2 0 a 1\n");
    await expect(evaluateTrecFiles({ qrelsPath: path, runPath: grouped })).rejects.toThrow(
      /line 3: duplicate docno "a" for query 1/,
    );
    await expect(evaluateTrecFiles({ qrelsPath: path, runPath: split })).rejects.toThrow(
      /line 4: duplicate docno "a" for query 1/,
    );
    const duplicateQrels = writeTemp("1 0 a 1\n1 0 a 0\n");
    await expect(evaluateTrecFiles({ qrelsPath: duplicateQrels, runPath: grouped })).rejects.toThrow(
      /file-\d+\.txt line 2: duplicate docno "a" for query 1/,
    );
  });

  it("rejects malformed lines with their line number", async () => {
    const path = writeTemp("1 0 a 1\n");
    const cases: [string, string, RegExp][] = [
      [path, "1 Q0 a 1 0.5 t\n1 Q0 b 2 0.4\n", /line 2: expected 6 fields/],
      [path, "1 Q0 a 1 high t\n", /line 1: score "high" is not a number/],
      [writeTemp("1 0 a 1 extra\n"), "1 Q0 a 1 1 t\n", /line 1: expected 4 fields/],
      [writeTemp("1 0 a\n"), "1 Q0 a 1 1 t\n", /line 1: expected 4 fields/],
      [writeTemp("\n1 0 a rel\n"), "1 Q0 a 1 1 t\n", /line 2: grade "rel" is not an integer/],
      [path, "2 Q0 a 1 1 t\n", /no query is in both/],
      [join(dir, "missing.txt"), "", /cannot read .*missing\.txt \(ENOENT\)/],
      [dir, "", /cannot read .* \(EISDIR\)/],
    ];
    for (const [qrelsPath, runText, error] of cases) {
      await expect(evaluateTrecFiles({ qrelsPath, runPath: writeTemp(runText) })).rejects.toThrow(error);
    }
  });
});
