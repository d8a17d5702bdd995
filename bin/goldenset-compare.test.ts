import { execFile } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { writeComparisonFixture } from "@/lib/eval/trec/testing/write-comparison-fixture";

// `goldenset compare` and `gate` as CI runs them: the real executable on real files, no database.
const cli = path.resolve(import.meta.dirname, "goldenset");
const run = promisify(execFile);
const fixture = writeComparisonFixture();
afterAll(() => fixture.dispose());

// trec_eval 9.0.7's output on a random pair (see ../shared/conformance/README.md); absent on a fresh clone.
const vectorDir = path.resolve(import.meta.dirname, "..", "..", "shared", "conformance", "random-1");
const vectorsPresent = existsSync(vectorDir);

async function goldenset(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      // No database is touched: a path that does not exist proves it.
      env: { ...process.env, DATABASE_URL: "file:/nonexistent/goldenset.db" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const gate = (candidate: string, ...args: string[]) =>
  goldenset("gate", fixture.qrels, fixture.baseline, candidate, ...args);

describe.concurrent("bin/goldenset compare", () => {
  it("prints the JSON comparison and exits 0", async () => {
    const { code, stdout, stderr } = await goldenset(
      "compare",
      fixture.qrels,
      fixture.baseline,
      fixture.worse,
      fixture.better,
      "-m",
      "recip_rank",
      "--json",
    );
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(json).toEqual({
      queries: 41,
      runs: [
        {
          name: "worse.txt",
          measures: {
            recip_rank: {
              baseline: 35 / 41,
              mean: 16 / 41,
              delta: 16 / 41 - 35 / 41,
              ci95: [expect.any(Number), expect.any(Number)],
              p: 1 / 10_001,
              pAdjusted: 2 / 10_001,
              wins: 0,
              losses: 30,
              ties: 11,
            },
          },
        },
        {
          name: "better.txt",
          measures: { recip_rank: expect.objectContaining({ wins: 10, losses: 0, ties: 31 }) },
        },
      ],
    });
  });

  it("prints a table without --json", async () => {
    const { code, stdout } = await goldenset(
      "compare",
      fixture.qrels,
      fixture.baseline,
      fixture.mixed,
      "-m",
      "map",
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^map\n {2}run +mean +delta +95% CI +p +p \(Holm\) +W\/L\/T\n {2}baseline\.txt +0\.\d{4} +baseline\n {2}mixed\.txt /m,
    );
  });

  // several CLI processes one after the other: 38 s in a loaded CI run, over a minute on a busier machine
  it("exits 2 naming the file that cannot be read, or the file and line that is wrong", {
    timeout: 180_000,
  }, async () => {
    const missing = await goldenset(
      "compare",
      fixture.qrels,
      fixture.baseline,
      `${fixture.dir}/nope.txt`,
      "--json",
    );
    expect(missing).toMatchObject({ code: 2, stdout: "" });
    expect(missing.stderr).toMatch(/^goldenset: cannot read .*nope\.txt \(ENOENT\)\n$/);

    const badRun = path.join(fixture.dir, "bad-run.txt");
    writeFileSync(badRun, `${readFileSync(fixture.better, "utf8")}q02 Q0 doc 1 high tag\n`);
    const bad = await goldenset("compare", fixture.qrels, fixture.baseline, badRun);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('goldenset: bad-run.txt line 401: score "high" is not a number\n');

    const unknown = await goldenset(
      "compare",
      fixture.qrels,
      fixture.baseline,
      fixture.better,
      "--frobnicate",
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^goldenset: Unknown option '--frobnicate'/);
  });

  it("gives other commands' unreadable input exit code 2, as every command's bad input", async () => {
    const { code, stderr } = await goldenset("eval-trec", fixture.qrels, `${fixture.dir}/nope.txt`);
    expect(code).toBe(2);
    expect(stderr).toMatch(/cannot read/);
  });

  it.skipIf(!vectorsPresent)("gives trec_eval -c's means on the conformance run", async () => {
    // A second run: the conformance run with every third score halved.
    const second = path.join(fixture.dir, "halved.txt");
    const lines = readFileSync(path.join(vectorDir, "run.txt"), "utf8").trimEnd().split("\n");
    writeFileSync(
      second,
      `${lines.map((line, index) => (index % 3 === 0 ? line.replace(/^(\S+\s+\S+\s+\S+\s+\S+\s+)(\S+)/, (_, head, score) => `${head}${Number(score) / 2}`) : line)).join("\n")}\n`,
    );
    const { code, stdout } = await goldenset(
      "compare",
      path.join(vectorDir, "qrels.txt"),
      path.join(vectorDir, "run.txt"),
      second,
      "--json",
    );
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    const expected = readFileSync(path.join(vectorDir, "expected.all_trec.c.txt"), "utf8");
    const all = (measure: string) => new RegExp(`^${measure} +\\tall\\t(\\S+)$`, "m").exec(expected)?.[1];
    expect(String(json.queries)).toBe(all("num_q"));
    for (const measure of ["ndcg_cut_10", "recip_rank", "recall_100", "map"]) {
      expect(json.runs[0].measures[measure].baseline.toFixed(4)).toBe(all(measure));
    }
  });
});

describe.concurrent("bin/goldenset gate", () => {
  it("exits 1 on a significant drop of at least --max-drop", async () => {
    const { code, stdout } = await gate(fixture.worse, "-m", "ndcg_cut.10", "--max-drop", "0.05");
    expect(code).toBe(1);
    expect(stdout).toMatch(/^gate: ndcg_cut_10 on 41 queries of qrels\.txt/);
    expect(stdout).toMatch(
      /^FAIL: ndcg_cut_10 dropped by 0\.\d{4}, at least the allowed 0\.05, and the drop is significant/m,
    );
  });

  it("exits 0 on an improvement, a small drop, and a drop that may be noise", async () => {
    const [better, small, noise] = await Promise.all([
      gate(fixture.better, "-m", "recip_rank", "--max-drop", "0.02"),
      gate(fixture.worse, "-m", "recip_rank", "--max-drop", "0.5"),
      gate(fixture.noisy, "-m", "recip_rank", "--max-drop", "0.01", "--alpha", "0.1"),
    ]);
    expect([better.code, small.code, noise.code]).toEqual([0, 0, 0]);
    expect(better.stdout).toMatch(/^PASS: the candidate is not worse/m);
    expect(small.stdout).toMatch(/^PASS: recip_rank dropped by 0\.4634, less than the allowed 0\.5\.$/m);
    expect(noise.stdout).toMatch(/^PASS: .* but the drop is not significant \(p 1\.0000 > alpha 0\.1\)/m);
  });

  it("exits 2 on unreadable input, naming the file and line", async () => {
    const badQrels = path.join(fixture.dir, "bad-qrels.txt");
    writeFileSync(badQrels, "q01 0 R-q01 2\nq02 0 R-q02\n");
    const [missing, qrels, directory] = await Promise.all([
      gate(`${fixture.dir}/missing.txt`, "-m", "map", "--max-drop", "0.01"),
      goldenset("gate", badQrels, fixture.baseline, fixture.worse, "-m", "map", "--max-drop", "0.01"),
      gate(fixture.dir, "-m", "map", "--max-drop", "0.01"),
    ]);
    expect(missing).toMatchObject({ code: 2, stdout: "" });
    expect(missing.stderr).toMatch(/^goldenset: cannot read .*missing\.txt \(ENOENT\)\n$/);
    expect(qrels.code).toBe(2);
    expect(qrels.stderr).toBe(
      "goldenset: bad-qrels.txt line 2: expected 4 fields (qid iter docno grade), got 3\n",
    );
    expect(directory.code).toBe(2);
    expect(directory.stderr).toMatch(/cannot read .* \(EISDIR\)/);
  });

  it("exits 2 on bad arguments", async () => {
    const results = await Promise.all([
      gate(fixture.worse, "--max-drop", "0.01"),
      gate(fixture.worse, "-m", "map"),
      gate(fixture.worse, "-m", "map", "--max-drop", "lots"),
      gate(fixture.worse, "-m", "mrr", "--max-drop", "0.01"),
      gate(fixture.worse, "-m", "map", "--max-drop", "0.01", "--frobnicate"),
      goldenset("gate", fixture.qrels, fixture.baseline),
    ]);
    expect(results.map((result) => result.code)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(results.map((result) => result.stderr.split("\n").length)).toEqual([2, 2, 2, 2, 2, 2]); // one line each
    expect(results[1]!.stderr).toBe("goldenset: --max-drop D is required, e.g. --max-drop 0.02\n");
    expect(results[3]!.stderr).toMatch(/^goldenset: unknown or unsupported measure "mrr"/);
  });
});
