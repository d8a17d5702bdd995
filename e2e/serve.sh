#!/usr/bin/env bash
# Serves the built app for the end-to-end tests on a brand-new SQLite file (or, with
# E2E_DATABASE=postgresql, a brand-new PostgreSQL database gs_e2e_MODE_PORT):
#   serve.sh demo PORT   — the demo loaded (as `npm start` does on an empty database)
#   serve.sh empty PORT  — only an admin user, nothing else
# E2E_DATABASE_DIR=DIR serves the database in DIR instead, as it was left (the crash test restarts
# a killed server on it); the demo is loaded only into an empty database.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="$1"; port="$2"
dir="" # the SQLite database's folder (below); none on PostgreSQL
if [ "${E2E_DATABASE:-sqlite}" = postgresql ]; then
  # A database of its own per port, made anew on each start (the previous run's is dropped here).
  server="${GOLDENSET_TEST_POSTGRES_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
  name="gs_e2e_${mode}_${port}"
  node -e '
    const pg = require("pg");
    const [server, name] = process.argv.slice(1);
    (async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${name}"`);
      // thrown away after the run: commits need not wait for the disk
      await client.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
      await client.end();
    })().catch((error) => { console.error(error.message); process.exit(1); });
  ' "$server" "$name"
  export DATABASE_URL="${server%/*}/${name}"
  # several app servers share one PostgreSQL: the secret is configured, not a file
  export AUTH_SECRET="${AUTH_SECRET:-e2e-postgresql-auth-secret-0123456789abcdef}"
else
  dir="${E2E_DATABASE_DIR:-$(mktemp -d -t goldenset-e2e-XXXXXX)}"
  export DATABASE_URL="file:${dir}/e2e.db"
fi
export NEXT_TELEMETRY_DISABLED=1
# The e2e specs run embedding, rerank and search servers on loopback (any port) with this key.
export GOLDENSET_OUTBOUND_ALLOWLIST="127.0.0.1"
export E2E_PROVIDER_KEY="sk-e2e-loopback"
export GOLDENSET_KEY_VARIABLES="E2E_PROVIDER_KEY"
# On SQLite each mode's database is made once per build and copied for every server of that mode
# a run starts (the demo's migrate and seed are ~11 s of CPU): .next/e2e-MODE-BUILD_ID.db, gone
# with the next build. A database dir given from outside gets that copy too when it has no
# database yet; one that has (the crash test's restart) is served as it was left.
template=""
if [ -n "$dir" ] && [ -f .next/BUILD_ID ]; then
  template=".next/e2e-${mode}-$(cat .next/BUILD_ID).db"
fi
if [ -n "$dir" ] && [ -f "${dir}/e2e.db" ]; then
  : # made by an earlier start of this script: migrated, and the demo loaded if it was asked for
elif [ -n "$template" ] && [ -f "$template" ]; then
  cp "$template" "${dir}/e2e.db"
else
  bin/goldenset migrate >/dev/null
  if [ "$mode" = demo ]; then
    bin/goldenset seed >/dev/null
  else
    bin/goldenset add-user --email admin@empty.local --name "Empty Admin" --role admin --password empty-admin-pw >/dev/null
  fi
  if [ -n "$template" ] && [ ! -f "${dir}/e2e.db-wal" ]; then
    # under another name first: a server starting at the same moment never copies half of it
    cp "${dir}/e2e.db" "${template}.$$" && mv "${template}.$$" "$template"
  fi
fi
exec node_modules/.bin/next start -p "$port" -H 127.0.0.1
