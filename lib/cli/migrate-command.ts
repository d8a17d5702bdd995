import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type CommandArgs, helpOption } from "@/lib/cli/command-options";
import { applyPostgresqlMigrations } from "@/lib/db/migrations/apply-postgresql-migrations";
import { databaseCollation, sortsByteOrder } from "@/lib/db/migrations/database-collation";
import { databaseFilePath, env, projectRoot } from "@/lib/env";

/**
 * `goldenset migrate`: applies the pending migrations to DATABASE_URL.
 * - SQLite: prisma/migrations through the package's own Prisma CLI (`migrate deploy`, the
 *   JavaScript schema engine of prisma.config.ts: offline, no engine download), creating the file.
 * - PostgreSQL: prisma/postgresql/migrations through lib/db/migrations (Prisma's `migrate deploy`
 *   fails through adapter-pg), recorded in the same `_prisma_migrations` table.
 */
export const migrateCommand = {
  usage: `usage: goldenset migrate

Apply the pending database migrations to DATABASE_URL: a SQLite file (created, its folder too,
when missing) or a PostgreSQL database (which must exist). Safe to run again: applied migrations
are skipped. Exit 0 when the database is up to date, 1 when a migration failed.`,
  options: helpOption,
  run: async (_args: CommandArgs): Promise<number> => {
    const root = projectRoot();
    const file = databaseFilePath();
    if (!file) return await migratePostgresql(root);
    mkdirSync(path.dirname(file), { recursive: true });
    const prismaCli = createRequire(path.join(root, "package.json")).resolve("prisma/build/index.js");
    const args = [prismaCli, "migrate", "deploy", "--config", path.join(root, "prisma.config.ts")];
    return await new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        cwd: root,
        env: { ...process.env, DATABASE_URL: `file:${file}`, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
        stdio: ["ignore", "inherit", "inherit"],
      });
      child.on("error", reject);
      child.on("exit", (code) => resolve(code === 0 ? 0 : 1));
    });
  },
};

async function migratePostgresql(root: string): Promise<number> {
  const migrationsDir = path.join(root, "prisma", "postgresql", "migrations");
  try {
    const { applied } = await applyPostgresqlMigrations({ url: env().DATABASE_URL, migrationsDir });
    const collation = await databaseCollation(env().DATABASE_URL);
    if (!sortsByteOrder(collation)) {
      process.stderr.write(
        `Warning: this database sorts text by the ${collation} collation; Goldenset expects byte order, as on SQLite (create it with: createdb --template=template0 --locale=C.UTF-8 NAME).\n`,
      );
    }
    for (const name of applied) process.stdout.write(`Applied ${name}\n`);
    process.stdout.write(
      applied.length === 0
        ? "No pending migrations to apply.\n"
        : `${applied.length} migration(s) applied.\n`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
}
