import { createHash, randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import type { DatabaseProvider } from "@/lib/database-provider";
import { createPrismaClient, type Db, providerOfClient } from "@/lib/db/client";
import { createPostgresqlDatabaseSync } from "@/lib/db/testing/create-postgresql-database-sync";

const prismaDir = path.resolve(import.meta.dirname, "../../../prisma");

/**
 * The database integration tests run on: SQLite unless GOLDENSET_TEST_DATABASE=postgresql (the
 * PostgreSQL pass of `npm test`, bin/test.sh), which creates databases on the server named by
 * GOLDENSET_TEST_POSTGRES_URL (default postgresql://postgres@127.0.0.1:5432/postgres).
 */
export function testDatabaseProvider(): DatabaseProvider {
  return process.env.GOLDENSET_TEST_DATABASE === "postgresql" ? "postgresql" : "sqlite";
}

export function testPostgresServerUrl(): string {
  return process.env.GOLDENSET_TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
}

export type TestDatabase = {
  prisma: Db;
  /** DATABASE_URL of this database (give it to a child process: the CLI, a server) */
  url: string;
  /** the SQLite file; undefined on PostgreSQL */
  file: string | undefined;
  /** disconnects and removes the database (the file, or DROP DATABASE) */
  dispose: () => Promise<void>;
};

/**
 * A fresh database with every migration applied, for integration tests — never the dev
 * database: a SQLite file in a temporary folder, or a PostgreSQL database with a unique name
 * (gs_test_<random>) that `dispose` drops. Call `dispose` in afterAll/afterEach. Both are copies
 * of a template the migrations ran into once (per set of migrations, not per test): see
 * sqliteTemplateFile and create-postgresql-database.mjs.
 */
export function createTestDatabase(): TestDatabase {
  return testDatabaseProvider() === "postgresql"
    ? createPostgresqlTestDatabase()
    : createSqliteTestDatabase();
}

/**
 * A fresh SQLite test database whatever GOLDENSET_TEST_DATABASE says (migrate-data's source): a
 * copy of `template` (by default, the migrated empty database).
 */
export function createSqliteTestDatabase(template: string = sqliteTemplateFile()): TestDatabase {
  const dir = mkdtempSync(path.join(tmpdir(), "goldenset-test-"));
  const file = path.join(dir, "test.db");
  copyFileSync(template, file);
  const url = `file:${file}`;
  const prisma = createPrismaClient(url);
  return {
    prisma,
    url,
    file,
    dispose: async () => {
      await prisma.$disconnect();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let sqliteTemplate: string | undefined;

/**
 * A SQLite file with every migration applied, made once for all test files and copied for each
 * test database (a copy costs a fraction of a millisecond; running the migrations ~0.25 s of CPU).
 * Its name carries a hash of the migrations, so an edited or added migration makes a new one; it
 * is written under another name and renamed into place, so test files running at once never see
 * half of it.
 */
function sqliteTemplateFile(): string {
  if (sqliteTemplate && existsSync(sqliteTemplate)) return sqliteTemplate;
  const migrations = readMigrations(path.join(prismaDir, "migrations"));
  const file = path.join(tmpdir(), `goldenset-test-template-${migrationsHash(migrations)}.db`);
  if (!existsSync(file)) {
    const partial = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.partial`;
    const sqlite = new Database(partial);
    for (const migration of migrations) sqlite.exec(migration.sql);
    sqlite.close();
    renameSync(partial, file);
  }
  sqliteTemplate = file;
  return file;
}

type Migration = { name: string; sql: string };

/** The migrations of a folder in the order they apply (folder names sort by timestamp). */
function readMigrations(migrationsDir: string): Migration[] {
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8") }));
}

/** A short hash of the migrations' names and texts: the key of a template. */
function migrationsHash(migrations: Migration[]): string {
  const hash = createHash("sha256");
  for (const migration of migrations) hash.update(`${migration.name}\n${migration.sql}\n`);
  return hash.digest("hex").slice(0, 16);
}

function createPostgresqlTestDatabase(): TestDatabase {
  const serverUrl = testPostgresServerUrl();
  const name = `gs_test_${randomBytes(6).toString("hex")}`;
  createPostgresqlDatabaseSync(serverUrl, name, path.join(prismaDir, "postgresql", "migrations"));
  return postgresqlTestDatabase(serverUrl, name);
}

/**
 * A PostgreSQL test database copied from the database `template` (CREATE DATABASE … TEMPLATE;
 * nobody may be connected to the template), dropped by `dispose`.
 */
export async function createPostgresqlTestDatabaseFrom(template: string): Promise<TestDatabase> {
  const serverUrl = testPostgresServerUrl();
  const name = `gs_test_${randomBytes(6).toString("hex")}`;
  const server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  try {
    await server.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await server.end();
  }
  return postgresqlTestDatabase(serverUrl, name);
}

/** The TestDatabase of the existing database `name` on the server of `serverUrl`. */
function postgresqlTestDatabase(serverUrl: string, name: string): TestDatabase {
  const url = databaseUrl(serverUrl, name);
  const prisma = createPrismaClient(url);
  return {
    prisma,
    url,
    file: undefined,
    dispose: async () => {
      await prisma.$disconnect();
      const server = new pg.Client({ connectionString: serverUrl });
      await server.connect();
      try {
        // FORCE: a server or CLI child the test started may still hold a connection
        await server.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await server.end();
      }
    },
  };
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Row counts of every table, to prove a failed import left the database as it was. */
export async function tableCounts(prisma: Db): Promise<Record<string, number>> {
  const tables =
    providerOfClient(prisma) === "postgresql"
      ? await prisma.$queryRaw<{ name: string }[]>`
          SELECT CAST(table_name AS TEXT) AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'
          ORDER BY table_name`
      : await prisma.$queryRaw<{ name: string }[]>`
          SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`;
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const rows = await prisma.$queryRawUnsafe<{ n: number | bigint }[]>(
      `SELECT COUNT(*) AS n FROM "${name}"`,
    );
    counts[name] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** An empty PostgreSQL database (no migrations) with a unique name, for migration tests. */
export async function createEmptyPostgresqlDatabase(): Promise<{
  url: string;
  dispose: () => Promise<void>;
}> {
  const serverUrl = testPostgresServerUrl();
  const name = `gs_test_${randomBytes(6).toString("hex")}`;
  const server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  await server.query(`CREATE DATABASE "${name}"`);
  await server.end();
  return {
    url: databaseUrl(serverUrl, name),
    dispose: async () => {
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await again.end();
    },
  };
}
