import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { globSync } from "tinyglobby";
import { defineConfig } from "vitest/config";

const include = [
  "lib/**/*.test.ts",
  "app/**/*.test.ts",
  "components/**/*.test.ts",
  "bin/**/*.test.ts",
  "bench/**/*.test.ts",
];

/**
 * GOLDENSET_TEST_DATABASE=postgresql is the PostgreSQL pass of `npm test` (bin/test.sh): only the
 * test files that open a database (lib/db/testing/test-database.ts, directly or through
 * lib/auth/testing/app-test-database.ts) run again, each database a fresh PostgreSQL one.
 */
function databaseTestFiles(): string[] {
  return globSync(include, { cwd: import.meta.dirname, ignore: ["**/node_modules/**"] }).filter((file) =>
    /testing\/(app-)?test-database"/.test(readFileSync(path.join(import.meta.dirname, file), "utf8")),
  );
}

const postgresqlPass = process.env.GOLDENSET_TEST_DATABASE === "postgresql";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: postgresqlPass ? databaseTestFiles() : include,
    environment: "node",
    // worker threads instead of child processes: a test file starts in a fraction of the time, and
    // the whole SQLite pass took 720 s of CPU instead of 911 s (README, "Test suite time"); each
    // file still gets a thread and a module graph of its own (process.env included)
    pool: "threads",
    // the CLI bundled once for the CLI processes tests spawn (bin/goldenset, GOLDENSET_CLI_BUNDLE);
    // the test run named, for the demo seeded once per run (createDemoTestDatabase)
    globalSetup: ["lib/cli/testing/bundle-cli.ts", "lib/demo/testing/demo-template-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine,
    // which leaves a core idle whenever a test waits on a child process (the CLI, npm, a server),
    // PostgreSQL or the clock. Two test files at once keep both busy (see README, "Test suite time").
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
