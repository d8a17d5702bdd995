import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { applyPostgresqlMigrations, readMigrations } from "@/lib/db/migrations/apply-postgresql-migrations";
import { describePostgresqlSchema } from "@/lib/db/migrations/describe-postgresql-schema";
import {
  createEmptyPostgresqlDatabase,
  testDatabaseProvider,
  testPostgresServerUrl,
} from "@/lib/db/testing/test-database";

// The drift check of `npm test`'s PostgreSQL pass: prisma/postgresql/migrations, applied in order
// by our migrator, must build exactly the schema Prisma derives from prisma/postgresql/schema.prisma
// (itself derived from prisma/schema.prisma: bin/derive-postgresql-schema.test.ts).

const root = path.resolve(import.meta.dirname, "../../..");
const migrationsDir = path.join(root, "prisma", "postgresql", "migrations");
const disposals: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const dispose of disposals.splice(0)) await dispose();
});

async function emptyDatabase(): Promise<string> {
  const database = await createEmptyPostgresqlDatabase();
  disposals.push(database.dispose);
  return database.url;
}

let schemaSql: string | undefined;

/**
 * What Prisma says the derived schema is, as SQL from empty (its JS engine, no database needed);
 * asked once per file, the two drift tests compare with the same schema.
 */
function schemaFromEmptySql(): string {
  schemaSql ??= execFileSync(
    process.execPath,
    [
      path.join(root, "node_modules", "prisma", "build", "index.js"),
      "migrate",
      "diff",
      "--config",
      path.join(root, "prisma.postgresql.config.ts"),
      "--from-empty",
      "--to-schema-datamodel",
      path.join(root, "prisma", "postgresql", "schema.prisma"),
      "--script",
    ],
    {
      cwd: root,
      encoding: "utf8",
      // the JS schema engine opens a connection even for a diff between schema files
      env: { ...process.env, DATABASE_URL: testPostgresServerUrl(), PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    },
  );
  return schemaSql;
}

async function execute(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The schema the migrations in `dir` build, next to the one the derived schema describes. */
async function compareMigrationsWithSchema(dir: string) {
  const migrated = await emptyDatabase();
  await applyPostgresqlMigrations({ url: migrated, migrationsDir: dir });
  const expected = await emptyDatabase();
  await execute(expected, schemaFromEmptySql());
  const fromMigrations = await describePostgresqlSchema(migrated);
  const fromSchema = await describePostgresqlSchema(expected);
  return {
    onlyInMigrations: fromMigrations.filter((line) => !fromSchema.includes(line)),
    onlyInSchema: fromSchema.filter((line) => !fromMigrations.includes(line)),
    lines: fromMigrations.length,
  };
}

/** A copy of the migrations folder to tamper with. */
function copyOfMigrations(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "goldenset-pg-migrations-"));
  cpSync(migrationsDir, dir, { recursive: true });
  disposals.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe.runIf(testDatabaseProvider() === "postgresql")("PostgreSQL migrations", () => {
  it("build exactly the schema derived from prisma/schema.prisma", async () => {
    const drift = await compareMigrationsWithSchema(migrationsDir);
    expect(drift.lines).toBeGreaterThan(200);
    expect(drift).toMatchObject({ onlyInMigrations: [], onlyInSchema: [] });
  }, 120_000);

  it("catch a migration edited by hand (the drift check can fail)", async () => {
    const dir = copyOfMigrations();
    const baseline = path.join(dir, "20261201070000_init", "migration.sql");
    writeFileSync(
      baseline,
      readFileSync(baseline, "utf8").replace(
        "\"description\" TEXT NOT NULL DEFAULT ''",
        '"description" TEXT',
      ),
    );
    const extra = path.join(dir, "29990101000000_by_hand");
    mkdirSync(extra);
    writeFileSync(path.join(extra, "migration.sql"), 'CREATE INDEX "Job_kind_idx" ON "Job"("kind");\n');
    const drift = await compareMigrationsWithSchema(dir);
    expect(drift.onlyInMigrations.join("\n")).toMatch(/Job_kind_idx/);
    expect(drift.onlyInMigrations.join("\n")).toMatch(/column Corpus description text .* YES null/);
    expect(drift.onlyInSchema.join("\n")).toMatch(/column Corpus description text .* NO ''::text/);
  }, 120_000);

  it("apply once: a second run applies nothing, and a changed applied migration is refused", async () => {
    const url = await emptyDatabase();
    const dir = copyOfMigrations();
    const first = await applyPostgresqlMigrations({ url, migrationsDir: dir });
    expect(first.applied).toEqual(readMigrations(migrationsDir).map((migration) => migration.name));
    expect(await applyPostgresqlMigrations({ url, migrationsDir: dir })).toEqual({ applied: [] });
    const baseline = path.join(dir, "20261201070000_init", "migration.sql");
    writeFileSync(baseline, `${readFileSync(baseline, "utf8")}\n-- edited\n`);
    await expect(applyPostgresqlMigrations({ url, migrationsDir: dir })).rejects.toThrow(
      /20261201070000_init was changed after it was applied/,
    );
  }, 120_000);

  it("roll a failing migration back and record nothing for it", async () => {
    const url = await emptyDatabase();
    const dir = copyOfMigrations();
    const broken = path.join(dir, "29990101000000_broken");
    mkdirSync(broken);
    writeFileSync(
      path.join(broken, "migration.sql"),
      'CREATE TABLE "Half" ("id" TEXT);\nALTER TABLE "NoSuchTable" ADD COLUMN "x" TEXT;\n',
    );
    await expect(applyPostgresqlMigrations({ url, migrationsDir: dir })).rejects.toThrow(
      /29990101000000_broken failed/,
    );
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const names = await client.query(`SELECT migration_name FROM "_prisma_migrations" ORDER BY 1`);
      expect(names.rows.map((row) => row.migration_name)).toEqual(
        readMigrations(migrationsDir).map((migration) => migration.name),
      );
      const half = await client.query(`SELECT to_regclass('"Half"') AS half`);
      expect(half.rows[0].half).toBeNull();
    } finally {
      await client.end();
    }
  }, 120_000);
});
