import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { createPrismaClient, type Db, providerOfClient } from "@/lib/db/client";
import type { DatabaseProvider } from "@/lib/db/provider";

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
 * (gs_test_<random>) that `dispose` drops. Call `dispose` in afterAll/afterEach.
 */
export function createTestDatabase(): TestDatabase {
  return testDatabaseProvider() === "postgresql"
    ? createPostgresqlTestDatabase()
    : createSqliteTestDatabase();
}

/** A fresh SQLite test database whatever GOLDENSET_TEST_DATABASE says (migrate-data's source). */
export function createSqliteTestDatabase(): TestDatabase {
  const migrationsDir = path.join(prismaDir, "migrations");
  const dir = mkdtempSync(path.join(tmpdir(), "goldenset-test-"));
  const file = path.join(dir, "test.db");
  const sqlite = new Database(file);
  const migrations = readdirSync(migrationsDir, { withFileTypes: true }).filter((entry) =>
    entry.isDirectory(),
  );
  for (const entry of migrations.map((dirent) => dirent.name).sort()) {
    sqlite.exec(readFileSync(path.join(migrationsDir, entry, "migration.sql"), "utf8"));
  }
  sqlite.close();
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

function createPostgresqlTestDatabase(): TestDatabase {
  const serverUrl = testPostgresServerUrl();
  const name = `gs_test_${randomBytes(6).toString("hex")}`;
  // a child process, so that creating the database stays synchronous for the callers
  execFileSync(
    process.execPath,
    [
      path.join(import.meta.dirname, "create-postgresql-database.mjs"),
      serverUrl,
      name,
      path.join(prismaDir, "postgresql", "migrations"),
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
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
