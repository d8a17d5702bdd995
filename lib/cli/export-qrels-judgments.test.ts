import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runGoldensetSync } from "@/lib/cli/testing/run-goldenset";
import { addModelLabels, createPeopleLabeledSet } from "@/lib/db/testing/model-labels-fixture";
import { createTestDatabase } from "@/lib/db/testing/test-database";

// bin/goldenset export-qrels --judgments as a user runs it: a child process on a real database,
// before and after a judge's labels arrive.

let database: ReturnType<typeof createTestDatabase>;
let before = "";

function goldenset(...args: string[]) {
  return runGoldensetSync(database.url, args);
}

beforeAll(async () => {
  database = createTestDatabase();
  const ids = await createPeopleLabeledSet(database.prisma);
  before = goldenset("export-qrels", "policy set", "--format", "trec").stdout;
  await addModelLabels(database.prisma, ids);
});
afterAll(async () => {
  await database.dispose();
});

describe("goldenset export-qrels --judgments", () => {
  it("is byte-identical by default, and with human, after a judge labeled", () => {
    expect(before).toBe("q1 0 d1 2\nq1 0 d2 0\n");
    expect(goldenset("export-qrels", "policy set", "--format", "trec")).toEqual({
      code: 0,
      stdout: before,
      stderr: "",
    });
    expect(goldenset("export-qrels", "policy set", "--judgments", "human").stdout).toBe(before);
  });

  it("human+model and model add or keep only the judge's labels", () => {
    expect(goldenset("export-qrels", "policy set", "--judgments", "human+model").stdout).toBe(
      "q1 0 d1 3\nq1 0 d2 0\nq1 0 d3 2\nq2 0 d3 2\n",
    );
    expect(goldenset("export-qrels", "policy set", "--judgments", "model").stdout).toBe(
      "q1 0 d1 3\nq1 0 d2 3\nq1 0 d3 2\nq2 0 d3 2\n",
    );
  });

  it("exits 2 on another value, saying which are allowed", () => {
    const refused = goldenset("export-qrels", "policy set", "--judgments", "people");
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toContain('--judgments must be human, human+model or model (got "people")');
  });
});
