import { afterAll, describe, expect, it } from "vitest";
import { compareCommand } from "@/lib/cli/compare-command";
import { evalTrecCommand } from "@/lib/cli/eval-trec-command";
import { runCommandInProcess } from "@/lib/cli/testing/run-command-in-process";
import { compareTrecFiles } from "@/lib/eval/trec/compare-trec-files";
import { writeComparisonFixture } from "@/lib/eval/trec/testing/write-comparison-fixture";

const fixture = writeComparisonFixture();
afterAll(() => fixture.dispose());

async function compare(...args: string[]): Promise<string> {
  const { code, stdout } = await runCommandInProcess(compareCommand, [
    fixture.qrels,
    fixture.baseline,
    ...args,
  ]);
  expect(code).toBe(0);
  return stdout;
}

describe("compare command", () => {
  it("prints exactly the JSON of the issue, with eval-trec -c's means", async () => {
    const json = JSON.parse(await compare(fixture.worse, fixture.mixed, "--json"));
    expect(Object.keys(json)).toEqual(["queries", "runs"]);
    expect(json.queries).toBe(41);
    expect(json.runs.map((run: { name: string }) => run.name)).toEqual(["worse.txt", "mixed.txt"]);
    for (const run of json.runs) {
      expect(Object.keys(run)).toEqual(["name", "measures"]);
      expect(Object.keys(run.measures)).toEqual(["ndcg_cut_10", "recip_rank", "recall_100", "map"]);
      for (const measure of Object.values(run.measures)) {
        expect(Object.keys(measure as object)).toEqual([
          "baseline",
          "mean",
          "delta",
          "ci95",
          "p",
          "pAdjusted",
          "wins",
          "losses",
          "ties",
        ]);
        expect(measure).toEqual({
          baseline: expect.any(Number),
          mean: expect.any(Number),
          delta: expect.any(Number),
          ci95: [expect.any(Number), expect.any(Number)],
          p: expect.any(Number),
          pAdjusted: expect.any(Number),
          wins: expect.any(Number),
          losses: expect.any(Number),
          ties: expect.any(Number),
        });
      }
    }
    // The numbers are compareRuns' on eval-trec -c's values, unrounded.
    const expected = await compareTrecFiles({
      qrelsPath: fixture.qrels,
      baselinePath: fixture.baseline,
      runPaths: [fixture.worse, fixture.mixed],
      measures: [],
    });
    expect(json.runs[1].measures.map).toMatchObject({
      mean: expected.runs[1]!.measures.map!.mean,
      p: expected.runs[1]!.measures.map!.p,
      pAdjusted: expected.runs[1]!.measures.map!.pAdjusted,
      ci95: expected.runs[1]!.measures.map!.ci95,
    });
    for (const [path, run] of [
      [fixture.baseline, "baseline"],
      [fixture.worse, "mean"],
    ] as const) {
      const evalTrec = await runCommandInProcess(evalTrecCommand, [
        fixture.qrels,
        path,
        "-c",
        "-m",
        "ndcg_cut.10",
        "-m",
        "map",
      ]);
      const lines = evalTrec.stdout.trim().split("\n");
      expect(lines[0]).toBe(`map                   \tall\t${json.runs[0].measures.map[run].toFixed(4)}`);
      expect(lines[1]).toBe(
        `ndcg_cut_10           \tall\t${json.runs[0].measures.ndcg_cut_10[run].toFixed(4)}`,
      );
    }
  });

  it("reproduces p-values and intervals for a seed, and differs between seeds", async () => {
    const seven = await compare(fixture.mixed, "--json", "--seed", "7");
    expect(await compare(fixture.mixed, "--json", "--seed", "7")).toBe(seven);
    const eight = JSON.parse(await compare(fixture.mixed, "--json", "--seed", "8"));
    const sevenJson = JSON.parse(seven);
    expect(eight.runs[0].measures.recip_rank.p).not.toBe(sevenJson.runs[0].measures.recip_rank.p);
    expect(eight.runs[0].measures.recip_rank.ci95).not.toEqual(sevenJson.runs[0].measures.recip_rank.ci95);
    expect(eight.runs[0].measures.recip_rank.mean).toBe(sevenJson.runs[0].measures.recip_rank.mean);
    // The default seed is fixed too: no --seed means the same output every time.
    expect(await compare(fixture.mixed, "--json")).toBe(await compare(fixture.mixed, "--json"));
  });

  it("takes --test t-test, --permutations and several -m in the order given", async () => {
    const args = [fixture.mixed, fixture.worse, "-m", "map", "-m", "P.5,10", "--json"];
    const json = JSON.parse(await compare(...args, "--test", "t-test"));
    expect(Object.keys(json.runs[0].measures)).toEqual(["map", "P_5", "P_10"]);
    const expected = await compareTrecFiles({
      qrelsPath: fixture.qrels,
      baselinePath: fixture.baseline,
      runPaths: [fixture.mixed, fixture.worse],
      measures: ["map", "P.5,10"],
      test: "t-test",
    });
    expect(json.runs[0].measures.map.p).toBe(expected.runs[0]!.measures.map!.p);
    // Holm over 2 runs × 3 measures: the smallest of six p-values is multiplied by 6.
    const pValues = json.runs.flatMap((run: { measures: Record<string, { p: number }> }) =>
      Object.values(run.measures).map((measure) => measure.p),
    );
    const smallest = Math.min(...pValues);
    const adjusted = json.runs
      .flatMap((run: { measures: Record<string, { p: number; pAdjusted: number }> }) =>
        Object.values(run.measures),
      )
      .find((measure: { p: number }) => measure.p === smallest);
    expect(adjusted.pAdjusted).toBeCloseTo(Math.min(1, smallest * 6), 14);

    const few = JSON.parse(await compare(fixture.mixed, "-m", "map", "--json", "--permutations", "50"));
    expect((few.runs[0].measures.map.p * 51) % 1).toBeCloseTo(0, 9); // (count + 1) / 51
  });

  it("prints an aligned table per measure, marking significant changes", async () => {
    const table = await compare(fixture.worse, fixture.mixed, "-m", "recip_rank", "-m", "P.5");
    const lines = table.split("\n");
    expect(lines[0]).toBe(
      "Baseline baseline.txt, 41 queries (every query of qrels.txt; a run scores 0 on a query it lacks)",
    );
    expect(lines[1]).toMatch(
      /^Paired randomization test \(10,000 permutations, seed 20240917\); p adjusted by Holm over 4 comparisons; \* adjusted p ≤ 0\.05/,
    );
    const recipRank = lines.indexOf("recip_rank");
    expect(
      lines.slice(recipRank + 1, recipRank + 5).map((line) => line.split(/ {2,}/).filter(Boolean)),
    ).toEqual([
      ["run", "mean", "delta", "95% CI", "p", "p (Holm)", "W/L/T"],
      ["baseline.txt", (35 / 41).toFixed(4), "baseline"],
      [
        "worse.txt",
        (16 / 41).toFixed(4),
        (-19 / 41).toFixed(4),
        expect.stringMatching(/^\[-0\.\d{4}, -0\.\d{4}\]$/),
        "<0.0001",
        "0.0004",
        "*",
        "0/30/11",
      ],
      [
        "mixed.txt",
        expect.any(String),
        expect.any(String),
        expect.any(String),
        expect.any(String),
        expect.any(String),
        "10/8/23",
      ],
    ]);
    expect(lines).toContain("P_5");
    // Every row of every table has the same column positions.
    const mean = (line: string) => line.indexOf("0.");
    expect(mean(lines[recipRank + 2]!)).toBe(mean(lines[lines.indexOf("P_5") + 2]!));
    expect(table.endsWith("\n")).toBe(true);
  });

  it("rejects a missing run, a bad --test, --permutations or --seed, and an unknown measure", async () => {
    await expect(compare()).rejects.toThrow(/usage: goldenset compare QRELS BASELINE_RUN RUN\.\.\./);
    await expect(compare(fixture.worse, "--test", "wilcoxon")).rejects.toThrow(
      '--test must be randomization or t-test, got "wilcoxon"',
    );
    await expect(compare(fixture.worse, "--permutations", "0")).rejects.toThrow(
      /--permutations takes a whole number/,
    );
    await expect(compare(fixture.worse, "--seed", "-1")).rejects.toThrow();
    await expect(compare(fixture.worse, "--seed", "1.5")).rejects.toThrow(/--seed takes a whole number/);
    await expect(compare(fixture.worse, "-m", "ndcg")).rejects.toThrow(
      /unknown or unsupported measure "ndcg"/,
    );
  });
});
