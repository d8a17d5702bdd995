import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * Applies prisma/postgresql/migrations to a PostgreSQL database: what `prisma migrate deploy`
 * would do, which fails through @prisma/adapter-pg (prisma/orm#27403, "Column type 'name' could
 * not be deserialized"). Each pending migration runs in its own transaction, in name order, under
 * an advisory lock (two app servers starting at once do not both migrate), and is recorded in
 * Prisma's own `_prisma_migrations` table with Prisma's columns and checksum (sha256 of the file,
 * hex), so `prisma migrate status` and later Prisma tooling read the same history.
 */

/** Arbitrary, fixed: the advisory lock key every Goldenset migrator takes (Prisma uses its own). */
const MIGRATION_LOCK_KEY = 7_235_414_001;

// Prisma's DDL for its history table (schema-engine sql-migration-connector, PostgreSQL flavour).
const CREATE_HISTORY_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export type MigrationFile = { name: string; sql: string; checksum: string };

/** The migrations in a folder (`<name>/migration.sql`), in the order they apply. */
export function readMigrations(migrationsDir: string): MigrationFile[] {
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

type AppliedRow = {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
};

/**
 * Which migrations still need applying. Throws when the history disagrees with the files: an
 * applied migration whose file changed (its checksum), or one that failed half-way under Prisma
 * and was never resolved. Pure: the history rows come from the caller.
 */
export function pendingMigrations(files: MigrationFile[], applied: AppliedRow[]): MigrationFile[] {
  const finished = new Map<string, string>();
  for (const row of applied) {
    if (row.rolled_back_at) continue;
    if (!row.finished_at) {
      throw new Error(
        `Migration ${row.migration_name} started but did not finish; resolve it by hand before migrating again.`,
      );
    }
    finished.set(row.migration_name, row.checksum);
  }
  for (const file of files) {
    const checksum = finished.get(file.name);
    if (checksum !== undefined && checksum !== file.checksum) {
      throw new Error(
        `Migration ${file.name} was changed after it was applied (checksum differs): never edit an applied migration; add a new one.`,
      );
    }
  }
  return files.filter((file) => !finished.has(file.name));
}

/** Applies the pending migrations of `migrationsDir` to `url`; returns the names applied. */
export async function applyPostgresqlMigrations(options: {
  url: string;
  migrationsDir: string;
}): Promise<{ applied: string[] }> {
  const files = readMigrations(options.migrationsDir);
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query(CREATE_HISTORY_TABLE);
    const history = await client.query<AppliedRow>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`,
    );
    const applied: string[] = [];
    for (const file of pendingMigrations(files, history.rows)) {
      await client.query("BEGIN");
      try {
        const startedAt = new Date();
        await client.query(file.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations"
             (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, NULL, NULL, $4, 1)`,
          [randomUUID(), file.checksum, file.name, startedAt],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${file.name} failed: ${(error as Error).message}`);
      }
      applied.push(file.name);
    }
    return { applied };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
