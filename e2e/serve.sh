#!/usr/bin/env bash
# Serves the built app for the end-to-end tests on a brand-new SQLite file:
#   serve.sh demo PORT   — the demo loaded (as `npm start` does on an empty database)
#   serve.sh empty PORT  — only an admin user, nothing else
# E2E_DATABASE_DIR=DIR serves the database in DIR instead, as it was left (the crash test restarts
# a killed server on it); the demo is loaded only into an empty database.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="$1"; port="$2"
dir="${E2E_DATABASE_DIR:-$(mktemp -d -t goldenset-e2e-XXXXXX)}"
export DATABASE_URL="file:${dir}/e2e.db"
export NEXT_TELEMETRY_DISABLED=1
# The e2e specs run embedding, rerank and search servers on loopback (any port) with this key.
export GOLDENSET_OUTBOUND_ALLOWLIST="127.0.0.1"
export E2E_PROVIDER_KEY="sk-e2e-loopback"
export GOLDENSET_KEY_VARIABLES="E2E_PROVIDER_KEY"
npx prisma migrate deploy >/dev/null
if [ "$mode" = demo ]; then
  bin/goldenset seed >/dev/null
else
  bin/goldenset add-user --email admin@empty.local --name "Empty Admin" --role admin --password empty-admin-pw >/dev/null
fi
exec npx next start -p "$port" -H 127.0.0.1
