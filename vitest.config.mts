import { availableParallelism } from "node:os";
import path from "node:path";
import { globSync } from "tinyglobby";
import { defineConfig } from "vitest/config";
import { groupTestFiles } from "./lib/testing/test-file-groups";

const include = [
  "lib/**/*.test.ts",
  "app/**/*.test.ts",
  "components/**/*.test.ts",
  "bin/**/*.test.ts",
  "bench/**/*.test.ts",
];

/**
 * GOLDENSET_TEST_DATABASE=postgresql is the PostgreSQL pass of `npm test` (bin/test.sh): only the
 * test files that open a database (lib/db/testing/test-database.ts, directly or through a fixture)
 * run again, each database a fresh PostgreSQL one. Either pass runs its files in two projects:
 * "isolated", a module graph per file, for the files that make a test database the app's own or
 * change module-level state (process.env, mocks: lib/testing/test-file-groups.ts), and "shared",
 * one module graph per worker, for the rest — Prisma's client and its query compiler loaded again
 * for every file were about a sixth of the SQLite pass's CPU (README, "Test suite time").
 */
const groups = groupTestFiles(
  import.meta.dirname,
  globSync(include, { cwd: import.meta.dirname, ignore: ["**/node_modules/**"] }),
);
const postgresqlPass = process.env.GOLDENSET_TEST_DATABASE === "postgresql";
const files = postgresqlPass
  ? {
      isolated: groups.database.filter((file) => groups.isolated.includes(file)),
      shared: groups.database.filter((file) => groups.shared.includes(file)),
    }
  : groups;

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      { extends: true, test: { name: "isolated", include: files.isolated } },
      { extends: true, test: { name: "shared", include: files.shared, isolate: false } },
    ],
    environment: "node",
    // worker threads instead of child processes: a test file starts in a fraction of the time, and
    // the whole SQLite pass took 720 s of CPU instead of 911 s (README, "Test suite time")
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
