import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The module every database test reaches, directly or through a fixture (hooks, the app database). */
const TEST_DATABASE_MODULE = path.join("lib", "db", "testing", "test-database.ts");
/**
 * The fixture that makes a test database the app's own (DATABASE_URL, read once by db() and
 * better-auth): a file reaching it needs a module graph of its own.
 */
const APP_TEST_DATABASE_MODULE = path.join("lib", "auth", "testing", "app-test-database.ts");

/** Module-level state a test changes for the whole module graph: process.env, mocks, globals, timers. */
const CHANGES_SHARED_STATE =
  /vi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers)\b|process\.env(\.\w+|\[[^\]]+\])\s*(=[^=]|\?\?=)|delete process\.env|globalThis\.\w+\s*=[^=]/;

const IMPORT_SPECIFIER = /(?:from|import)\s*\(?\s*"([^"]+)"/g;

/**
 * The project modules a file imports ("@/…" and relative specifiers; packages are left out),
 * resolved to paths relative to `root`.
 */
function projectImports(root: string, file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const found: string[] = [];
  for (const [, specifier] of text.matchAll(IMPORT_SPECIFIER)) {
    if (!specifier) continue;
    const base = specifier.startsWith("@/")
      ? specifier.slice(2)
      : specifier.startsWith(".")
        ? path.join(path.dirname(file), specifier)
        : undefined;
    if (base === undefined) continue;
    const resolved = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
      (candidate) => candidate.endsWith(".ts") && existsSync(path.join(root, candidate)),
    );
    if (resolved) found.push(path.normalize(resolved));
  }
  return found;
}

/**
 * Whether `file` imports `target` itself or through any chain of project modules (for the test
 * database: the fixtures, database hooks, judging hooks, the app database…).
 */
function reaches(root: string, file: string, target: string, seen: Map<string, boolean>): boolean {
  const known = seen.get(file);
  if (known !== undefined) return known;
  seen.set(file, false);
  const found = projectImports(root, file).some(
    (imported) => imported === target || reaches(root, imported, target, seen),
  );
  seen.set(file, found);
  return found;
}

export type TestFileGroups = {
  /** files that open a database: the PostgreSQL pass runs them again */
  database: string[];
  /** files that need a module graph of their own: the app's database (db(), better-auth) or shared state changed */
  isolated: string[];
  /** the rest, run in one module graph per worker: Prisma's client and the rest imported once, not per file */
  shared: string[];
};

/** Sorts the test files (paths relative to `root`) into the groups vitest.config.mts runs. */
export function groupTestFiles(root: string, files: string[]): TestFileGroups {
  const seenDatabase = new Map<string, boolean>();
  const seenApp = new Map<string, boolean>();
  const database = files.filter((file) => reaches(root, file, TEST_DATABASE_MODULE, seenDatabase));
  const isolated = files.filter(
    (file) =>
      reaches(root, file, APP_TEST_DATABASE_MODULE, seenApp) ||
      CHANGES_SHARED_STATE.test(readFileSync(path.join(root, file), "utf8")),
  );
  const isolatedSet = new Set(isolated);
  return { database, isolated, shared: files.filter((file) => !isolatedSet.has(file)) };
}
