import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { type DatabaseProvider, databaseProviderOf } from "@/lib/database-provider";

const run = promisify(execFile);

/** A database made for one bench run, the demo loaded; `drop()` removes it afterwards. */
export type FreshDatabase = {
  url: string;
  provider: DatabaseProvider;
  /** Where it is, for the report (a file, or a database on a server; no password). */
  description: string;
  drop(): Promise<void>;
};

/**
 * `--database`: "sqlite" (or "file") makes a SQLite file in a new temp folder; a
 * `postgresql://…` URL names a server, on which a database `gs_bench_load_<random>` is created
 * (through the URL's own database, e.g. postgres) and dropped afterwards. Either way the schema
 * comes from `bin/goldenset migrate` and the demo from `bin/goldenset seed`, with DATABASE_URL
 * set, so the bench takes the same path as an installation does.
 */
export async function createFreshDatabase(options: {
  root: string;
  database: string;
}): Promise<FreshDatabase> {
  const fresh =
    options.database === "sqlite" || options.database === "file"
      ? freshSqlite()
      : databaseProviderOf(options.database) === "postgresql"
        ? await freshPostgres(options.database)
        : null;
  if (!fresh)
    throw new Error(
      `--database is "sqlite" or a postgresql:// server URL (got ${options.database}); the bench makes its own fresh database.`,
    );
  try {
    for (const command of ["migrate", "seed"])
      await goldenset({ root: options.root, command, url: fresh.url });
  } catch (error) {
    await fresh.drop();
    throw error;
  }
  return fresh;
}

/** Runs `bin/goldenset <command>` on `url`; a failure says which command and what it printed. */
async function goldenset(options: { root: string; command: string; url: string }): Promise<void> {
  try {
    await run(path.join(options.root, "bin", "goldenset"), [options.command], {
      cwd: options.root,
      env: { ...process.env, DATABASE_URL: options.url, GOLDENSET_DEMO: "1" },
    });
  } catch (error) {
    const output = (error as { stderr?: string }).stderr?.trim() || String(error);
    throw new Error(`\`bin/goldenset ${options.command}\` failed on the fresh database: ${output}`);
  }
}

function freshSqlite(): FreshDatabase {
  const dir = mkdtempSync(path.join(tmpdir(), "goldenset-bench-load-"));
  const file = path.join(dir, "load.db");
  return {
    url: `file:${file}`,
    provider: "sqlite",
    description: `SQLite ${file}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function freshPostgres(serverUrl: string): Promise<FreshDatabase> {
  const name = `gs_bench_load_${randomBytes(4).toString("hex")}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    provider: "postgresql",
    description: `PostgreSQL ${url.host}/${name}`,
    // FORCE: the app's pool may still hold a connection for a moment after it exited
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
