import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvaluateCommand } from "@/lib/cli/evaluate-command";
import { runCommandInProcess } from "@/lib/cli/testing/run-command-in-process";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors";
import { CONTEXT_FIXTURE_CONFIG, seedContextFixture } from "@/lib/runs/testing/context-budget-fixture";
import { testRunServices } from "@/lib/runs/testing/test-run-services";

// `goldenset evaluate --budget-chars B` on the hand-computed fixture of
// lib/runs/testing/context-budget-fixture.ts (its set's budget: 200 characters).
const database = createTestDatabase();
const evaluate = createEvaluateCommand({
  prisma: () => database.prisma,
  worker: { services: testRunServices() },
});
let workDir = "";
let configPath = "";

beforeAll(async () => {
  await seedContextFixture(database.prisma);
  workDir = await mkdtemp(path.join(tmpdir(), "goldenset-evaluate-budget-"));
  configPath = path.join(workDir, "config.json");
  await writeFile(configPath, JSON.stringify(CONTEXT_FIXTURE_CONFIG));
});
afterAll(async () => {
  await database.dispose();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const args = (...extra: string[]) => ["--set", "context budget", "--config", configPath, ...extra];

async function contextOf(extra: string[]) {
  const result = await runCommandInProcess(evaluate, args(...extra, "--json"));
  expect(result.code).toBe(0);
  return (JSON.parse(result.stdout) as { metrics: { context: Record<string, number> } }).metrics.context;
}

describe("goldenset evaluate --budget-chars", () => {
  it("prints metrics.context at the set's budget without the flag, at B with it", async () => {
    expect(await contextOf([])).toEqual({
      budgetChars: 200,
      recall: expect.closeTo(0.375, 12),
      precision: expect.closeTo(0.1375, 12),
      iou: expect.closeTo((0.05 + 1 / 3) / 4, 12),
    });
    // 120 characters: q1 d1[0,100) + d1[200,220) (C 10 of L 10), q2 d2[0,100) + d1[100,120) (C 100 of L 200)
    expect(await contextOf(["--budget-chars", "120"])).toEqual({
      budgetChars: 120,
      recall: expect.closeTo(0.375, 12),
      precision: expect.closeTo((10 / 120 + 100 / 120) / 4, 12),
      iou: expect.closeTo((10 / 120 + 100 / 220) / 4, 12),
    });
  });

  it("says the budget in the summary, in characters and approximate tokens", async () => {
    const result = await runCommandInProcess(evaluate, args("--budget-chars", "2000"));
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/context at 2,000 characters \(≈ 500 tokens\): recall 0\.\d{4}/);
  });

  it("refuses a budget that is not a whole number from 100 to 1,000,000 (exit 2) and creates no run", async () => {
    const before = await database.prisma.run.count();
    for (const value of ["abc", "99", "1000001", "1e3", "150.5", ""]) {
      const error = await runCommandInProcess(evaluate, args("--budget-chars", value)).catch(
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).message).toMatch(
        /^--budget-chars must be a whole number of characters from 100 to 1,000,000/,
      );
    }
    expect(evaluate.errorExitCode).toBe(2);
    expect(await database.prisma.run.count()).toBe(before);
  });
});
