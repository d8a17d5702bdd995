// Creates a PostgreSQL database and applies every PostgreSQL migration to it, in a child process:
// lib/db/testing/test-database.ts runs it synchronously (createTestDatabase() stays synchronous,
// as its callers expect). usage: node create-postgresql-database.mjs SERVER_URL NAME MIGRATIONS_DIR
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const [serverUrl, name, migrationsDir] = process.argv.slice(2);
const server = new pg.Client({ connectionString: serverUrl });
await server.connect();
await server.query(`CREATE DATABASE "${name}"`);
await server.end();
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = new pg.Client({ connectionString: url.toString() });
await database.connect();
const names = readdirSync(migrationsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
for (const migration of names) {
  await database.query(readFileSync(path.join(migrationsDir, migration, "migration.sql"), "utf8"));
}
await database.end();
