#!/usr/bin/env node
// Exit 0 when a PostgreSQL server answers at URL (default: GOLDENSET_TEST_POSTGRES_URL, else
// postgresql://postgres@127.0.0.1:5432/postgres) within 3 s, 1 otherwise. bin/test.sh asks it
// whether to run the PostgreSQL pass.
import pg from "pg";

const url =
  process.argv[2] ??
  process.env.GOLDENSET_TEST_POSTGRES_URL ??
  "postgresql://postgres@127.0.0.1:5432/postgres";
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query("SELECT 1");
  await client.end();
  process.exit(0);
} catch (error) {
  console.error(`PostgreSQL not reachable at ${url}: ${error.message}`);
  process.exit(1);
}
