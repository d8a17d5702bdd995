import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import pg from "pg";
import {
  createPostgresqlTestDatabaseFrom,
  createSqliteTestDatabase,
  createTestDatabase,
  type TestDatabase,
  testDatabaseProvider,
  testPostgresServerUrl,
} from "@/lib/db/testing/test-database";
import { seedDemo } from "@/lib/demo/seed-demo";

// The demo is the richest fixture the tests have (a corpus, a log, a labeled set, four evaluated
// runs), and loading it costs 10–13 s of CPU. A test run seeds it once per database kind, into a
// template, and every test file that wants it gets a copy: a file copy on SQLite, CREATE DATABASE
// … TEMPLATE on PostgreSQL. The template belongs to one test run (GOLDENSET_TEST_RUN, set by the
// Vitest global setup demo-template-setup.ts, which removes it at the end), so it is never older
// than the code that seeded it.

/** The name of the test run's templates, or undefined outside a Vitest run. */
function testRun(): string | undefined {
  return process.env.GOLDENSET_TEST_RUN;
}

/** The SQLite demo template of test run `run`, and the folder whose creation is its lock. */
export function sqliteDemoTemplatePaths(run: string): { file: string; lock: string } {
  const file = path.join(tmpdir(), `goldenset-demo-template-${run}.db`);
  return { file, lock: `${file}.lock` };
}

/** The PostgreSQL demo template database of test run `run`. */
export function postgresqlDemoTemplateName(run: string): string {
  return `gs_demo_${run}`;
}

/**
 * A fresh test database (SQLite or PostgreSQL, as createTestDatabase) with the demo loaded, as
 * `seedDemo` leaves it: a copy of the test run's seeded template, or seeded anew outside a run.
 */
export async function createDemoTestDatabase(): Promise<TestDatabase> {
  const run = testRun();
  if (!run) {
    const database = createTestDatabase();
    await seedDemo(database.prisma);
    return database;
  }
  return testDatabaseProvider() === "postgresql"
    ? createPostgresqlTestDatabaseFrom(await postgresqlDemoTemplate(run))
    : createSqliteTestDatabase(await sqliteDemoTemplate(run));
}

const TEMPLATE_WAIT_MS = 180_000;

/**
 * The test run's SQLite demo template, seeded by whichever test file asks first: the one that
 * creates the lock folder seeds and writes the file; the others wait for the file to appear.
 */
async function sqliteDemoTemplate(run: string): Promise<string> {
  const { file, lock } = sqliteDemoTemplatePaths(run);
  if (existsSync(file)) return file;
  if (!takeLockFolder(lock)) return waitFor(file);
  try {
    const seeded = createTestDatabase();
    try {
      await seedDemo(seeded.prisma);
      await seeded.prisma.$disconnect();
      // a consistent, compact copy whatever the journal holds; written whole before it is seen
      const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
      const source = new Database(seeded.file ?? "");
      await source.backup(partial);
      source.close();
      renameSync(partial, file);
    } finally {
      await seeded.dispose();
    }
    return file;
  } catch (error) {
    rmSync(lock, { recursive: true, force: true });
    throw error;
  }
}

function takeLockFolder(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

async function waitFor(file: string): Promise<string> {
  const deadline = Date.now() + TEMPLATE_WAIT_MS;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`The demo template ${file} did not appear in time.`);
    await sleep(200);
  }
  return file;
}

/**
 * The test run's PostgreSQL demo template, seeded once under an advisory lock: a test database
 * seeded, disconnected and renamed into place, so a copy never starts from half of it.
 */
async function postgresqlDemoTemplate(run: string): Promise<string> {
  const template = postgresqlDemoTemplateName(run);
  const server = new pg.Client({ connectionString: testPostgresServerUrl() });
  await server.connect();
  try {
    await server.query("SELECT pg_advisory_lock(hashtext($1))", [template]);
    try {
      if (!(await databaseExists(server, template))) {
        const seeded = createTestDatabase();
        try {
          await seedDemo(seeded.prisma);
        } catch (error) {
          await seeded.dispose();
          throw error;
        }
        await seeded.prisma.$disconnect();
        const name = new URL(seeded.url).pathname.slice(1);
        await server.query(`ALTER DATABASE "${name}" RENAME TO "${template}"`);
      }
    } finally {
      await server.query("SELECT pg_advisory_unlock(hashtext($1))", [template]);
    }
  } finally {
    await server.end();
  }
  return template;
}

async function databaseExists(server: pg.Client, name: string): Promise<boolean> {
  const { rowCount } = await server.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  return (rowCount ?? 0) > 0;
}
