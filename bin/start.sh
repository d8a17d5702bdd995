#!/usr/bin/env bash
# npm start: install what is missing, migrate, load the demo into an empty database, build when
# the sources changed, and serve on $PORT (default 3000).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
export DATABASE_URL="${DATABASE_URL:-file:./data/goldenset.db}"
export PORT="${PORT:-3000}"
bash bin/install-deps.sh
mkdir -p data
# SQLite: prisma/migrations via prisma migrate deploy; PostgreSQL: prisma/postgresql/migrations
# (the database must exist). The URL is not echoed: it may carry a password.
echo "› Applying migrations…"
bin/goldenset migrate >/dev/null
bin/goldenset seed
if [ ! -f .next/BUILD_ID ] || [ -n "$(find app components lib public prisma/schema.prisma prisma/postgresql/schema.prisma next.config.ts package-lock.json -newer .next/BUILD_ID -print -quit 2>/dev/null)" ]; then
  echo "› Building the app…"
  npx next build
fi
echo "› Goldenset on http://localhost:${PORT}"
exec npx next start -p "$PORT"
