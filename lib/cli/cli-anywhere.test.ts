import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { commands } from "@/lib/cli/commands";

const bin = path.resolve(import.meta.dirname, "../../bin/goldenset");
const elsewhere = mkdtempSync(path.join(tmpdir(), "goldenset-cli-"));
afterAll(() => rmSync(elsewhere, { recursive: true, force: true }));

// the environment of a user's shell: no checkout root, no database chosen, bin/goldenset through
// tsx (not the test run's bundle of the CLI)
const {
  GOLDENSET_ROOT: _root,
  DATABASE_URL: _database,
  GOLDENSET_CLI_BUNDLE: _bundle,
  ...inherited
} = process.env;

/** bin/goldenset as a user runs it from another directory: exit code, stdout, stderr. */
async function goldenset(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], {
      cwd: elsewhere,
      env: { ...inherited, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("bin/goldenset from another working directory", () => {
  it("prints the overview with the exit codes and exits 0", async () => {
    const { code, stdout } = await goldenset(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: goldenset <command>");
    expect(stdout).toContain("Exit codes: 0 ok; 1 a check failed");
    expect(stdout).toContain("2 bad input");
  });

  it("prints every registered command's own usage for `<command> --help` and exits 0", {
    timeout: 180_000,
  }, async () => {
    const names = Object.keys(commands);
    // each usage from the test run's bundle of the CLI: the launcher is what the other tests here
    // check, and tsx compiling the CLI once per command cost ~80 s of CPU
    const bundled = { GOLDENSET_CLI_BUNDLE: "1" };
    const results = await Promise.all(names.map((name) => goldenset([name, "--help"], bundled)));
    results.forEach((result, i) => {
      expect(result.code, names[i]).toBe(0);
      expect(result.stdout.startsWith(`usage: goldenset ${names[i]}`), `${names[i]}: ${result.stdout}`).toBe(
        true,
      );
    });
  });

  it("exits 2 on bad input: an unknown command, an unknown option, a missing file", async () => {
    const unknown = await goldenset(["no-such-command"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "no-such-command"');
    const option = await goldenset(["seed", "--bogus"]);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("--bogus");
    const missing = await goldenset(["import-set", path.join(elsewhere, "missing.json")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no such file");
  });

  it("migrate makes a new database file (and its folder) that seed then fills", {
    timeout: 180_000,
  }, async () => {
    const url = `file:${path.join(elsewhere, "new", "goldenset.db")}`;
    const migrate = await goldenset(["migrate"], { DATABASE_URL: url });
    expect(migrate.code, migrate.stderr).toBe(0);
    expect(migrate.stdout).toContain("migrations have been successfully applied");
    const again = await goldenset(["migrate"], { DATABASE_URL: url });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("No pending migrations");
    const seed = await goldenset(["seed"], { DATABASE_URL: url });
    expect(seed.code, seed.stderr).toBe(0);
    expect(seed.stdout).toContain("Demo loaded into the empty database.");
  });
});
