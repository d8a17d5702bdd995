import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createJudgeCommand } from "@/lib/cli/judge-command";
import { createJudgeReportCommand } from "@/lib/cli/judge-report-command";
import { runCommandInProcess } from "@/lib/cli/testing/run-command-in-process";
import { loadJudgeReport } from "@/lib/db/judge-report";
import { createJudgingWorld, type JudgingWorld } from "@/lib/db/testing/judging-world";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { type FakeChatServer, startFakeChatServer } from "@/lib/judging/testing/fake-chat-server";
import { fakeJudgingServices } from "@/lib/judging/testing/judging-fixture";

let database: TestDatabase;
let server: FakeChatServer;
let world: JudgingWorld;

beforeAll(async () => {
  database = createTestDatabase();
  server = await startFakeChatServer();
  world = await createJudgingWorld(database.prisma, "cli");
});
afterAll(async () => {
  await server.close();
  await database.dispose();
});
beforeEach(() => server.reset());

const command = () =>
  createJudgeCommand({ prisma: () => database.prisma, services: fakeJudgingServices(server) });

function judgeArgs(...extra: string[]) {
  return ["--set", world.set.name, "--endpoint", `${server.origin}/v1`, "--model", "fake-umbrela", ...extra];
}

const allRuns = () => `${world.runs.r1},${world.runs.r2},${world.runs.r3}`;

describe("goldenset judge", () => {
  it("judges the pool and prints exactly the issue's JSON; the same call again sends nothing", async () => {
    const { code, stdout } = await runCommandInProcess(command(), judgeArgs("--runs", allRuns(), "--json"));
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(Object.keys(json)).toEqual([
      "pairs",
      "judged",
      "cached",
      "unsupported",
      "failed",
      "calls",
      "promptTokens",
      "completionTokens",
      "agreement",
      "tau",
    ]);
    expect(Object.keys(json.agreement)).toEqual(["items", "kappa", "alpha"]);
    expect(Object.keys(json.agreement.alpha)).toEqual(["nominal", "ordinal"]);
    // the pool of r1, r2, r3 (depth 10, document level): q1 a b c, q2 a b c d
    expect(json).toMatchObject({ pairs: 7, judged: 7, cached: 0, unsupported: 0, failed: 0, calls: 7 });
    expect(json.promptTokens).toBe(server.usage.promptTokens);
    expect(json.completionTokens).toBe(server.usage.completionTokens);
    expect(server.requests).toHaveLength(7);
    expect(json.tau).toMatchObject({ measure: "ndcg_cut_10", runs: 3 });
    // the figures are the report's: people judged six of the seven pairs
    const judge = await database.prisma.judge.findFirstOrThrow({ where: { name: "fake-umbrela" } });
    const report = await loadJudgeReport(database.prisma, {
      setId: world.set.id,
      judgeId: judge.id,
      runIds: [world.runs.r1, world.runs.r2, world.runs.r3],
    });
    expect(json.agreement).toEqual({
      items: report.agreement.items,
      kappa: report.agreement.kappa,
      alpha: report.agreement.alpha,
    });
    expect(json.agreement.items).toBe(6);
    expect(json.tau.value).toBe(report.tau.value);

    server.reset();
    const again = await runCommandInProcess(command(), judgeArgs("--runs", allRuns(), "--json"));
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ pairs: 7, judged: 7, cached: 7, calls: 0, failed: 0 });
    expect(server.requests).toHaveLength(0);
    expect(await database.prisma.judge.count({ where: { name: "fake-umbrela" } })).toBe(1);
  });

  it("prints a summary for people, and judge-report prints the report", async () => {
    const { code, stdout } = await runCommandInProcess(command(), judgeArgs("--runs", world.runs.r1));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^judge "fake-umbrela" v1 on "set cli": job \S+ succeeded/);
    expect(stdout).toContain("6 pairs: 6 judged (6 cached), 0 unsupported, 0 failed");
    expect(stdout).toContain("0 requests");
    expect(stdout).toContain("Not enough pairs");

    const reportCommand = createJudgeReportCommand({ prisma: () => database.prisma });
    const printed = await runCommandInProcess(reportCommand, [
      "--set",
      world.set.name,
      "--judge",
      "fake-umbrela",
    ]);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain('Judge "fake-umbrela" v1 (fake-umbrela) on "set cli"');
    expect(printed.stdout).toContain("Grades, person (rows) by judge (columns):");
    expect(printed.stdout).toContain("Kendall's tau-b over 3 runs by nDCG@10");
    const json = await runCommandInProcess(reportCommand, [
      "--set",
      world.set.name,
      "--judge",
      "fake-umbrela@1",
      "--runs",
      `${world.runs.r1},${world.runs.r2}`,
      "--json",
    ]);
    expect(JSON.parse(json.stdout).tau).toMatchObject({ runs: 2 });
    await expect(
      runCommandInProcess(reportCommand, ["--set", world.set.name, "--judge", "nobody"]),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("exits 1 when pairs failed", async () => {
    // a new judge (another name), one request at a time: the first pair gets garbage twice
    server.script(
      { kind: "content", content: "I cannot grade this." },
      { kind: "content", content: "Still no." },
    );
    const { code, stdout } = await runCommandInProcess(
      command(),
      judgeArgs("--name", "strict", "--runs", world.runs.r3, "--concurrency", "1", "--json"),
    );
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ failed: 1 });
  });

  it("exits 1 when the budget pauses the job, having sent no more than it allows", async () => {
    const { code, stdout } = await runCommandInProcess(
      command(),
      judgeArgs(
        "--name",
        "thrifty",
        "--runs",
        world.runs.r2,
        "--concurrency",
        "1",
        "--max-calls",
        "2",
        "--json",
      ),
    );
    expect(code).toBe(1);
    const json = JSON.parse(stdout);
    expect(json.calls).toBe(2);
    expect(json.judged).toBeLessThan(json.pairs);
    expect(server.requests).toHaveLength(2);
  });

  it("refuses bad input as bad input (exit 2) before any request", async () => {
    const cases: [string[], RegExp][] = [
      [
        ["--set", "no such set", "--endpoint", `${server.origin}/v1`, "--model", "m", "--runs", "x"],
        /golden set/,
      ],
      [judgeArgs(), /either --runs/],
      [judgeArgs("--runs", world.runs.r1, "--holes", world.runs.r1), /either --runs/],
      [judgeArgs("--runs", world.runs.r1, "--depth", "0"), /--depth must be a whole number from 1 to 100/],
      [judgeArgs("--runs", world.runs.r1, "--max-calls", "many"), /--max-calls/],
      [judgeArgs("--runs", "no-such-run"), /run/i],
      [
        ["--set", world.set.name, "--endpoint", "not a url", "--model", "m", "--runs", world.runs.r1],
        /baseUrl/,
      ],
      [
        [
          "--set",
          world.set.name,
          "--endpoint",
          "https://api.openai.com/v1",
          "--model",
          "m",
          "--runs",
          world.runs.r1,
        ],
        /GOLDENSET_OUTBOUND_ALLOWLIST|allow/i,
      ],
      [judgeArgs("--runs", world.runs.r1, "--key-variable", "DATABASE_URL"), /DATABASE_URL/],
    ];
    for (const [args, message] of cases) {
      await expect(runCommandInProcess(command(), args), args.join(" ")).rejects.toMatchObject({
        code: "bad_request",
        message: expect.stringMatching(message),
      });
    }
    expect(server.requests).toHaveLength(0);
  });

  it("runs as its own process: bin/goldenset judge exits 0 with the JSON, 2 on bad input", async () => {
    const run = promisify(execFile);
    const env = {
      ...process.env,
      DATABASE_URL: database.url,
      GOLDENSET_OUTBOUND_ALLOWLIST: server.origin,
    };
    const bin = path.resolve("bin/goldenset");
    const { stdout } = await run(
      process.execPath,
      [bin, "judge", ...judgeArgs("--name", "child", "--runs", world.runs.r2, "--json")],
      { env },
    );
    expect(JSON.parse(stdout)).toMatchObject({ pairs: 5, judged: 5, failed: 0 });
    const bad = await run(process.execPath, [bin, "judge", ...judgeArgs()], { env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining("either --runs") });
  }, 60_000);
});
