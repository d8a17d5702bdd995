// Creates a PostgreSQL database with every PostgreSQL migration applied: createFromTemplate, which
// the test databases' worker thread calls (postgresql-database-worker.mjs), or run as a script
// (bench/evaluate.ts): node create-postgresql-database.mjs SERVER_URL NAME MIGRATIONS_DIR
//
// The migrations run once into a template database, gs_template_<hash of the migrations>, and each
// test database is a copy of it (CREATE DATABASE … TEMPLATE): a copy costs a fraction of running
// the migrations again. The template is built under another name and renamed into place, under an
// advisory lock, so test processes running at once (or other checkouts on the same server) build it
// once and never copy half of it. An edited or added migration changes the hash, so a new one.
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

function databaseUrl(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function readMigrations(migrationsDir) {
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

async function buildTemplate(server, serverUrl, template, migrations) {
  const partial = `${template}_${randomBytes(4).toString("hex")}`;
  await server.query(`CREATE DATABASE "${partial}"`);
  try {
    const database = new pg.Client({ connectionString: databaseUrl(serverUrl, partial) });
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

/** The template found or built per server and migrations folder, for the life of this thread. */
const templates = new Map();

/**
 * The template's name, built first if no one has. A long-lived caller (the tests' worker thread)
 * reads and hashes the migrations and asks the server once, not once per database.
 */
function ensureTemplate(server, serverUrl, migrationsDir) {
  const key = `${serverUrl}\n${migrationsDir}`;
  let template = templates.get(key);
  if (!template) {
    template = findOrBuildTemplate(server, serverUrl, migrationsDir);
    template.catch(() => templates.delete(key));
    templates.set(key, template);
  }
  return template;
}

async function findOrBuildTemplate(server, serverUrl, migrationsDir) {
  const migrations = readMigrations(migrationsDir);
  const hash = createHash("sha256");
  for (const migration of migrations) hash.update(`${migration.name}\n${migration.sql}\n`);
  const digest = hash.digest("hex");
  const template = `gs_template_${digest.slice(0, 16)}`;
  if (await exists(server, template)) return template;
  const lock = BigInt.asIntN(64, BigInt(`0x${digest.slice(0, 16)}`)).toString();
  await server.query("SELECT pg_advisory_lock($1)", [lock]);
  try {
    if (!(await exists(server, template))) await buildTemplate(server, serverUrl, template, migrations);
  } finally {
    await server.query("SELECT pg_advisory_unlock($1)", [lock]);
  }
  return template;
}

/**
 * Creates database `name` as a copy of the template of the migrations in `migrationsDir`, building
 * the template first if no one has. `server` is a connection to the server of `serverUrl`.
 */
export async function createFromTemplate(server, serverUrl, name, migrationsDir) {
  const template = await ensureTemplate(server, serverUrl, migrationsDir);
  await server.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  // a test database is thrown away: its commits need not wait for the disk
  await server.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [serverUrl, name, migrationsDir] = process.argv.slice(2);
  const server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  try {
    await createFromTemplate(server, serverUrl, name, migrationsDir);
  } finally {
    await server.end();
  }
}
