import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { evaluateCompleteRuns } from "@/lib/eval/trec/evaluate-complete-runs";
import { evaluateTrecFiles } from "@/lib/eval/trec/evaluate-trec-files";
import { writeComparisonFixture } from "@/lib/eval/trec/testing/write-comparison-fixture";

const fixture = writeComparisonFixture();
afterAll(() => fixture.dispose());
const measures = ["map", "recip_rank", "P_5", "recall_5", "ndcg_cut_10", "success_1"];

// trec_eval 9.0.7's output on a random pair (see ../shared/conformance/README.md); absent on a fresh clone.
const vectorDir = join(import.meta.dirname, "..", "..", "..", "..", "shared", "conformance", "random-1");
const vectorsPresent = existsSync(vectorDir);

describe("evaluateCompleteRuns", () => {
  it("gives eval-trec -q -c's per-query values, 0 for every query a run lacks, and its means to the bit", async () => {
    const runPaths = [fixture.baseline, fixture.partial, fixture.worse];
    const { names, queryIds, runs } = await evaluateCompleteRuns({
      qrelsPath: fixture.qrels,
      runPaths,
      measures,
    });
    expect(names).toEqual(["map", "recip_rank", "P_5", "recall_5", "ndcg_cut_10", "success_1"]);
    expect(queryIds).toHaveLength(fixture.queryCount);
    expect(queryIds).toEqual([...queryIds].sort());
    for (const [index, runPath] of runPaths.entries()) {
      const evaluation = await evaluateTrecFiles({
        qrelsPath: fixture.qrels,
        runPath,
        measures,
        averageOverAllQrels: true,
      });
      const evaluated = new Map(evaluation.queries.map((query) => [query.queryId, query.values]));
      const values = runs[index]!;
      expect([...values.keys()]).toEqual(queryIds);
      for (const queryId of queryIds) {
        const expected = evaluated.get(queryId);
        expect(values.get(queryId)).toEqual(
          Object.fromEntries(names.map((name, j) => [name, expected ? expected[j]! : 0])),
        );
      }
      names.forEach((name, j) => {
        const mean = [...values.values()].reduce((sum, row) => sum + row[name]!, 0) / queryIds.length;
        expect(mean).toBe(evaluation.summary[j]);
      });
    }
    // The partial run scores 0 on the ten queries it lacks, and on q41 (in no run).
    expect(runs[1]!.get("q01")).toEqual(Object.fromEntries(names.map((name) => [name, 0])));
    expect(runs[0]!.get("q41")?.recip_rank).toBe(0);
    expect(runs[0]!.get("q01")?.recip_rank).toBe(1);
  });

  it("names the file and line of a bad run line, and a run with no query of the qrels", async () => {
    const badLine = join(fixture.dir, "bad-line.txt");
    writeFileSync(badLine, "q01 Q0 R-q01 1 1.5 t\nq02 Q0 R-q02 1 t\n");
    await expect(
      evaluateCompleteRuns({ qrelsPath: fixture.qrels, runPaths: [fixture.baseline, badLine], measures }),
    ).rejects.toThrow("bad-line.txt line 2: expected 6 fields (qid iter docno rank score tag), got 5");
    const elsewhere = join(fixture.dir, "elsewhere.txt");
    writeFileSync(elsewhere, "x1 Q0 d 1 1 t\n");
    await expect(
      evaluateCompleteRuns({ qrelsPath: fixture.qrels, runPaths: [elsewhere], measures }),
    ).rejects.toThrow("no query is in both qrels.txt and elsewhere.txt");
  });
});

describe.skipIf(!vectorsPresent)("evaluateCompleteRuns on conformance/random-1", () => {
  it("reproduces trec_eval -q -c's per-query and all lines", async () => {
    const expected = new Map<string, string>();
    for (const line of readFileSync(join(vectorDir, "expected.all_trec.c.txt"), "utf8").split("\n")) {
      const [measure, queryId, value] = line.split("\t");
      if (value !== undefined) expected.set(`${measure!.trimEnd()} ${queryId}`, value);
    }
    const { queryIds, runs } = await evaluateCompleteRuns({
      qrelsPath: join(vectorDir, "qrels.txt"),
      runPaths: [join(vectorDir, "run.txt")],
      measures,
    });
    expect(String(queryIds.length)).toBe(expected.get("num_q all"));
    let printed = 0;
    for (const measure of measures) {
      let sum = 0;
      for (const queryId of queryIds) {
        const value = runs[0]!.get(queryId)![measure]!;
        sum += value;
        // trec_eval -q prints the queries the run has; the others count as 0 in `all`.
        const line = expected.get(`${measure} ${queryId}`);
        if (line === undefined) expect(value).toBe(0);
        else {
          expect(value.toFixed(4)).toBe(line);
          printed++;
        }
      }
      expect((sum / queryIds.length).toFixed(4)).toBe(expected.get(`${measure} all`));
    }
    expect(printed).toBeGreaterThan(100);
  });
});

it.skipIf(vectorsPresent)(
  "skips the trec_eval conformance vectors: ../shared/conformance/random-1 is absent",
  () => {},
);
