// Creates a PostgreSQL database with every PostgreSQL migration applied, in a child process:
// lib/db/testing/test-database.ts runs it synchronously (createTestDatabase() stays synchronous,
// as its callers expect). usage: node create-postgresql-database.mjs SERVER_URL NAME MIGRATIONS_DIR
//
// The migrations run once into a template database, gs_template_<hash of the migrations>, and each
// test database is a copy of it (CREATE DATABASE … TEMPLATE): a copy costs a fraction of running
// the migrations again. The template is built under another name and renamed into place, under an
// advisory lock, so test processes running at once (or other checkouts on the same server) build it
// once and never copy half of it. An edited or added migration changes the hash, so a new one.
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const [serverUrl, name, migrationsDir] = process.argv.slice(2);

function databaseUrl(database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function readMigrations() {
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((migration) => ({
      name: migration,
      sql: readFileSync(path.join(migrationsDir, migration, "migration.sql"), "utf8"),
    }));
}

async function exists(server, database) {
  const { rowCount } = await server.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  return rowCount > 0;
}

async function buildTemplate(server, template, migrations) {
  const partial = `${template}_${randomBytes(4).toString("hex")}`;
  await server.query(`CREATE DATABASE "${partial}"`);
  try {
    const database = new pg.Client({ connectionString: databaseUrl(partial) });
    await database.connect();
    try {
      for (const migration of migrations) await database.query(migration.sql);
    } finally {
      await database.end();
    }
    await server.query(`ALTER DATABASE "${partial}" RENAME TO "${template}"`);
  } catch (error) {
    await server.query(`DROP DATABASE IF EXISTS "${partial}" WITH (FORCE)`);
    throw error;
  }
}

async function ensureTemplate(server) {
  const migrations = readMigrations();
  const hash = createHash("sha256");
  for (const migration of migrations) hash.update(`${migration.name}\n${migration.sql}\n`);
  const digest = hash.digest("hex");
  const template = `gs_template_${digest.slice(0, 16)}`;
  if (await exists(server, template)) return template;
  const lock = BigInt.asIntN(64, BigInt(`0x${digest.slice(0, 16)}`)).toString();
  await server.query("SELECT pg_advisory_lock($1)", [lock]);
  try {
    if (!(await exists(server, template))) await buildTemplate(server, template, migrations);
  } finally {
    await server.query("SELECT pg_advisory_unlock($1)", [lock]);
  }
  return template;
}

const server = new pg.Client({ connectionString: serverUrl });
await server.connect();
try {
  const template = await ensureTemplate(server);
  await server.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
} finally {
  await server.end();
}
