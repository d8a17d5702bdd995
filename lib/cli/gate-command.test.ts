import { afterAll, describe, expect, it } from "vitest";
import { gateCommand } from "@/lib/cli/gate-command";
import { runCommandInProcess } from "@/lib/cli/testing/run-command-in-process";
import { writeComparisonFixture } from "@/lib/eval/trec/testing/write-comparison-fixture";

const fixture = writeComparisonFixture();
afterAll(() => fixture.dispose());

function gate(candidate: string, ...args: string[]) {
  return runCommandInProcess(gateCommand, [fixture.qrels, fixture.baseline, candidate, ...args]);
}

describe("gate command", () => {
  it("fails (1) a significant drop of at least --max-drop, with a plain report", async () => {
    const { code, stdout } = await gate(fixture.worse, "-m", "recip_rank", "--max-drop", "0.1");
    expect(code).toBe(1);
    const lines = stdout.split("\n");
    expect(lines[0]).toBe(
      "gate: recip_rank on 41 queries of qrels.txt, paired randomization test (10,000 permutations, seed 20240917)",
    );
    expect(lines[1]).toBe(`  baseline   baseline.txt  ${(35 / 41).toFixed(4)}`);
    expect(lines[2]).toBe(`  candidate  worse.txt     ${(16 / 41).toFixed(4)}`);
    expect(lines[3]).toMatch(/^ {2}delta {6}-0\.4634 {2}95% CI \[-0\.\d{4}, -0\.\d{4}\]$/);
    expect(lines[4]).toBe("  p          <0.0001 (two-sided)");
    expect(lines[5]).toMatch(/^ {2}W\/L\/T {6}0\/30\/11 /);
    expect(lines[6]).toBe(
      "FAIL: recip_rank dropped by 0.4634, at least the allowed 0.1, and the drop is significant (p <0.0001 ≤ alpha 0.05).",
    );
    expect(stdout.endsWith("\n")).toBe(true);
  });

  it("passes (0) a drop below the limit, a drop that may be noise, and an improvement", async () => {
    const below = await gate(fixture.worse, "-m", "recip_rank", "--max-drop", "0.5");
    expect(below.code).toBe(0);
    expect(below.stdout).toMatch(/^PASS: recip_rank dropped by 0\.4634, less than the allowed 0\.5\.$/m);

    // One query of 41 moved: drop 0.5/41 ≥ 0.01, but every sign flip is as extreme (p = 1).
    const noise = await gate(fixture.noisy, "-m", "recip_rank", "--max-drop", "0.01");
    expect(noise.code).toBe(0);
    expect(noise.stdout).toMatch(
      /^PASS: recip_rank dropped by 0\.0122, at least the allowed 0\.01, but the drop is not significant \(p 1\.0000 > alpha 0\.05\): it may be noise\.$/m,
    );

    const better = await gate(fixture.better, "-m", "map", "--max-drop", "0");
    expect(better.code).toBe(0);
    expect(better.stdout).toMatch(
      /^PASS: the candidate is not worse than the baseline on map \(delta \+0\.\d{4}\)\.$/m,
    );
  });

  it("takes --alpha, --test t-test, --permutations and --seed", async () => {
    // The smallest p of 10,000 permutations is 1/10,001: not below alpha 0.00001.
    const strict = await gate(fixture.worse, "-m", "recip_rank", "--max-drop", "0.1", "--alpha", "0.00001");
    expect(strict.code).toBe(0);
    expect(strict.stdout).toMatch(/not significant \(p <0\.0001 > alpha 0\.00001\)/);

    const tTest = await gate(
      fixture.worse,
      "-m",
      "recip_rank",
      "--max-drop",
      "0.1",
      "--test",
      "t-test",
      "--alpha",
      "0.00001",
    );
    expect(tTest.code).toBe(1);
    expect(tTest.stdout.split("\n")[0]).toBe("gate: recip_rank on 41 queries of qrels.txt, paired t-test");

    const seeded = await gate(
      fixture.mixed,
      "-m",
      "map",
      "--max-drop",
      "0",
      "--permutations",
      "500",
      "--seed",
      "3",
    );
    expect(seeded.stdout).toMatch(/randomization test \(500 permutations, seed 3\)/);
    expect(
      (await gate(fixture.mixed, "-m", "map", "--max-drop", "0", "--permutations", "500", "--seed", "3"))
        .stdout,
    ).toBe(seeded.stdout);
  });

  it("rejects bad arguments before reading any file", async () => {
    const missing = `${fixture.dir}/missing.txt`;
    await expect(gate(missing, "--max-drop", "0.1")).rejects.toThrow(/gate takes exactly one -m MEASURE/);
    await expect(gate(missing, "-m", "map", "-m", "P.5", "--max-drop", "0.1")).rejects.toThrow(
      /gate takes exactly one -m MEASURE/,
    );
    await expect(gate(missing, "-m", "P.5,10", "--max-drop", "0.1")).rejects.toThrow(
      '("P.5,10" means P_5, P_10)',
    );
    await expect(gate(missing, "-m", "map")).rejects.toThrow("--max-drop D is required");
    await expect(gate(missing, "-m", "map", "--max-drop", "2%")).rejects.toThrow(
      '--max-drop takes a number, got "2%"',
    );
    await expect(gate(missing, "-m", "map", "--max-drop", "0.1", "--alpha", "5")).rejects.toThrow(
      "--alpha must be in (0, 1)",
    );
    await expect(runCommandInProcess(gateCommand, [fixture.qrels, fixture.baseline])).rejects.toThrow(
      /^usage: goldenset gate QRELS BASELINE_RUN CANDIDATE_RUN -m MEASURE --max-drop D/,
    );
    await expect(gate(missing, "-m", "map", "--max-drop", "0.1")).rejects.toThrow(
      /cannot read .*missing\.txt \(ENOENT\)/,
    );
  });
});
