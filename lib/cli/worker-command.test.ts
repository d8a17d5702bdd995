import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOLDENSET_BIN, runGoldenset } from "@/lib/cli/testing/run-goldenset";
import { createTestDatabase, testDatabaseProvider } from "@/lib/db/testing/test-database";

// `goldenset worker` as an operator runs it: the real executable on a real SQLite file. Its work
// with other workers — claims, a SIGKILL mid-job, retries — is lib/worker/worker-processes.test.ts.

let database: ReturnType<typeof createTestDatabase>;
beforeAll(() => {
  database = createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

function goldenset(...args: string[]) {
  return runGoldenset(database.url, args);
}

describe("goldenset worker", () => {
  it("prints its help, and is in the overview", async () => {
    const help = await goldenset("worker", "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: goldenset worker \[--grace SECONDS\]/);
    expect(help.stdout).toMatch(/GOLDENSET_WORKER=off/);
    expect((await goldenset("--help")).stdout).toMatch(/ {2}worker \[--grace SECONDS\]/);
  });

  it("exits 2 on bad arguments", async () => {
    const grace = await goldenset("worker", "--grace", "soon");
    expect(grace.code).toBe(2);
    expect(grace.stderr).toMatch(/--grace must be a number of seconds/);
    expect((await goldenset("worker", "extra")).code).toBe(2);
    expect((await goldenset("worker", "--threads", "4")).code).toBe(2);
  });

  it("waits for jobs until SIGTERM, then exits 0", async () => {
    const child = spawn(process.execPath, [GOLDENSET_BIN, "worker"], {
      env: { ...process.env, DATABASE_URL: database.url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const deadline = Date.now() + 30_000;
    while (!stdout.includes("waiting for jobs") && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stdout).toMatch(
      new RegExp(`^worker \\S+:${child.pid}:\\S+ on ${testDatabaseProvider()}: waiting for jobs$`, "m"),
    );
    expect(stdout).not.toContain(database.url);
    const stoppedAt = Date.now();
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(stdout).toMatch(/stopped\n$/);
  }, 40_000);
});
