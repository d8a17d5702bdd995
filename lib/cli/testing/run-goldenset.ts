import { execFile, spawnSync } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

/** bin/goldenset of this checkout. */
export const GOLDENSET_BIN = path.resolve(import.meta.dirname, "../../../bin/goldenset");

/** How a run of the CLI ended: its exit code (null when a signal ended it), stdout and stderr. */
export type CliResult = { code: number | null; stdout: string; stderr: string };

/** The CLI as a user runs it, in a child process on the database at `databaseUrl`; waits for it to end. */
export function runGoldensetSync(databaseUrl: string, args: string[]): CliResult {
  const result = spawnSync(process.execPath, [GOLDENSET_BIN, ...args], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * The same without blocking this process while the child runs (a test may act meanwhile), with
 * `variables` added to its environment.
 */
export async function runGoldenset(
  databaseUrl: string,
  args: string[],
  variables: Record<string, string> = {},
): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [GOLDENSET_BIN, ...args], {
      env: { ...process.env, ...variables, DATABASE_URL: databaseUrl },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
