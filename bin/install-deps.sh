#!/usr/bin/env bash
# Installs npm dependencies when node_modules is missing or older than the lockfile, and
# regenerates the Prisma clients (SQLite, and PostgreSQL from the derived schema) when the schema
# changed. Safe to run on every start.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "› Installing dependencies (npm ci)…"
  # offline, better-sqlite3's install compiles SQLite: JOBS lets node-gyp compile its two
  # translation units (the SQLite amalgamation and the binding) at once
  JOBS="${JOBS:-max}" npm ci --no-audit --no-fund
fi
if [ ! -f generated/prisma/client.ts ] || [ prisma/schema.prisma -nt generated/prisma/client.ts ]; then
  echo "› Generating the Prisma client (SQLite)…"
  DATABASE_URL="file:./data/goldenset.db" npx prisma generate >/dev/null
fi
if [ ! -f generated/prisma-postgresql/client.ts ] || [ prisma/postgresql/schema.prisma -nt generated/prisma-postgresql/client.ts ]; then
  echo "› Generating the Prisma client (PostgreSQL)…"
  # the URL is only read by the schema reader: nothing connects
  DATABASE_URL="postgresql://localhost/goldenset" npx prisma generate --config prisma.postgresql.config.ts >/dev/null
fi
