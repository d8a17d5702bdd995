import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compareCommand } from "@/lib/cli/compare-command";
import { gateCommand } from "@/lib/cli/gate-command";
import { runCommandInProcess } from "@/lib/cli/testing/run-command-in-process";
import { writeComparisonFixture } from "@/lib/eval/trec/testing/write-comparison-fixture";
import { serializeGoldenSetFile } from "@/lib/exchange/serialize-golden-set-file";
import { buildGoldenSetFile } from "@/lib/exchange/testing/golden-set-file";

// `compare` and `gate` restricted to one side of a set's split: the split comes from the set's
// export. The fixture's "worse" run drops on q01–q30 (holdout here) and equals the baseline on
// q31–q40 (dev); q41 is in no run and on the dev side.

const fixture = writeComparisonFixture();
afterAll(() => fixture.dispose());

function setFile(splitOf: (query: number) => "dev" | "holdout" | undefined): string {
  const file = buildGoldenSetFile({
    name: "split",
    corpusName: "c",
    documents: [],
    gradeScale: [
      { grade: 0, name: "no" },
      { grade: 2, name: "yes" },
    ],
    split: { seed: 1, holdoutShare: 0.3 },
    queries: Array.from({ length: 41 }, (_, index) => {
      const split = splitOf(index + 1);
      return {
        id: `q${String(index + 1).padStart(2, "0")}`,
        text: `query ${index + 1}`,
        informationNeed: "",
        tags: [],
        notes: "",
        status: "unlabeled" as const,
        ...(split ? { split } : {}),
        source: null,
        labels: [],
      };
    }),
  });
  const path = join(fixture.dir, `set-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, serializeGoldenSetFile(file));
  return path;
}

const split = setFile((query) => (query <= 30 ? "holdout" : "dev"));

describe("compare and gate --split", () => {
  it("gate passes on dev and fails on holdout, saying which queries it stood on", async () => {
    const gate = (side: string) =>
      runCommandInProcess(gateCommand, [
        fixture.qrels,
        fixture.baseline,
        fixture.worse,
        "-m",
        "recip_rank",
        "--max-drop",
        "0.1",
        "--split",
        side,
        "--set-file",
        split,
      ]);
    const dev = await gate("dev");
    expect(dev.code).toBe(0);
    expect(dev.stdout.split("\n")[0]).toMatch(/^gate: recip_rank on 11 dev queries of qrels\.txt/);
    const holdout = await gate("holdout");
    expect(holdout.code).toBe(1);
    expect(holdout.stdout.split("\n")[0]).toMatch(/^gate: recip_rank on 30 holdout queries of qrels\.txt/);
  });

  it("compare --json counts only the split's queries; without --split, every query", async () => {
    const run = (...args: string[]) =>
      runCommandInProcess(compareCommand, [
        fixture.qrels,
        fixture.baseline,
        fixture.worse,
        "--json",
        ...args,
      ]);
    const all = JSON.parse((await run()).stdout) as { queries: number };
    expect(all.queries).toBe(41);
    const holdout = await run("--split", "holdout", "--set-file", split);
    expect(holdout.code).toBe(0);
    expect((JSON.parse(holdout.stdout) as { queries: number }).queries).toBe(30);
  });

  it("refuses a bad side, a missing set file, and a set that is not split (exit 2: errorExitCode)", async () => {
    const run = (...args: string[]) =>
      runCommandInProcess(compareCommand, [fixture.qrels, fixture.baseline, fixture.worse, ...args]);
    expect(compareCommand.errorExitCode).toBe(2);
    await expect(run("--split", "test", "--set-file", split)).rejects.toThrow(
      /--split must be dev or holdout/,
    );
    await expect(run("--split", "dev")).rejects.toThrow(/--split needs --set-file/);
    await expect(
      run(
        "--split",
        "dev",
        "--set-file",
        setFile(() => undefined),
      ),
    ).rejects.toThrow(/not split/);
  });
});
