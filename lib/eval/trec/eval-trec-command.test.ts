import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { evalTrecCommand } from "@/lib/cli/eval-trec-command";
import { runCommandInProcess } from "@/lib/cli/testing/run-command-in-process";

// lib/cli/eval-trec-command.ts, tested here beside the engine it drives.
const dir = mkdtempSync(join(tmpdir(), "goldenset-eval-trec-command-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const qrelsPath = join(dir, "qrels.txt");
const runPath = join(dir, "run.txt");
writeFileSync(qrelsPath, "q1 0 a 2\nq1 0 b 1\nq2 0 c 0\n");
writeFileSync(runPath, "q1 Q0 a 1 0.5 t\nq1 Q0 b 2 0.9 t\nq2 Q0 c 1 1 t\n");

/** `goldenset eval-trec …` in-process; fails the test unless it exits 0. */
async function run(args: string[]): Promise<string> {
  const { code, stdout } = await runCommandInProcess(evalTrecCommand, args);
  expect(code).toBe(0);
  return stdout;
}

describe("eval-trec command", () => {
  it("prints trec_eval's summary lines for repeated -m, -l attached to its value", async () => {
    expect(await run([qrelsPath, runPath, "-m", "map", "-m", "P.1,2", "-l2"])).toBe(
      "map                   \tall\t0.2500\nP_1                   \tall\t0.0000\nP_2                   \tall\t0.2500\n",
    );
  });

  it("prints per-query lines in byte order with -q, and averages over the qrels with -c", async () => {
    const lines = (await run([qrelsPath, runPath, "-q", "-c", "-m", "num_q", "-m", "recip_rank"])).split(
      "\n",
    );
    expect(lines).toEqual([
      "recip_rank            \tq1\t1.0000",
      "recip_rank            \tq2\t0.0000",
      "num_q                 \tall\t2",
      "recip_rank            \tall\t0.5000",
      "",
    ]);
  });

  it("defaults to trec_eval's official measures", async () => {
    expect((await run([qrelsPath, runPath])).split("\n")[0]).toBe("num_q                 \tall\t2");
  });

  it("rejects a wrong number of files and a non-integer level", async () => {
    await expect(run([qrelsPath])).rejects.toThrow(/usage: goldenset eval-trec QRELS RUN/);
    await expect(run([qrelsPath, runPath, "-l", "high"])).rejects.toThrow(/-l takes an integer/);
  });
});
