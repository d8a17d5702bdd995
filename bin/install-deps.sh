#!/usr/bin/env bash
# Installs npm dependencies when node_modules is missing or older than the lockfile, and
# regenerates the Prisma client when the schema changed. Safe to run on every start.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "› Installing dependencies (npm ci)…"
  npm ci --no-audit --no-fund
fi
if [ ! -f generated/prisma/client.ts ] || [ prisma/schema.prisma -nt generated/prisma/client.ts ]; then
  echo "› Generating the Prisma client…"
  DATABASE_URL="${DATABASE_URL:-file:./data/goldenset.db}" npx prisma generate >/dev/null
fi
