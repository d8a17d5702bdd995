#!/usr/bin/env bash
# Installs npm dependencies when node_modules is missing or older than the lockfile, and
# regenerates the Prisma clients (SQLite, and PostgreSQL from the derived schema) when the schema
# changed. Safe to run on every start.
#
#   install-deps.sh                        returns when everything is installed
#   install-deps.sh --native-in-background returns while better-sqlite3 may still be compiling;
#                                          bin/await-native-build.sh waits for it (npm test)
#
# Offline, better-sqlite3's install script compiles SQLite from source: about a minute of one
# core, which npm ci would spend before anything else could start. So npm ci runs without install
# scripts, then runs them itself: better-sqlite3's compile in the background, the others (esbuild,
# Prisma's) beside it, and the Prisma clients are generated meanwhile; nothing of that needs the
# compiled SQLite. npm test's type check, lint and production build start while it compiles.
set -euo pipefail
cd "$(dirname "$0")/.."
background=no
[ "${1:-}" = --native-in-background ] && background=yes
native_dir=node_modules/.cache/goldenset-native-build

installed=no
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "› Installing dependencies (npm ci)…"
  npm ci --ignore-scripts --no-audit --no-fund
  installed=yes
fi

if [ ! -f node_modules/better-sqlite3/build/Release/better_sqlite3.node ]; then
  if [ "$background" = yes ]; then echo "› Compiling better-sqlite3 (SQLite from source) in the background…"
  else echo "› Compiling better-sqlite3 (SQLite from source)…"; fi
  rm -rf "$native_dir"
  mkdir -p "$native_dir"
  touch "$native_dir/started"
  # node-gyp compiles the SQLite amalgamation and the binding at once; the status file says it ended.
  # Whatever opens SQLite waits for it (npm test's Vitest passes and end-to-end servers), so where a
  # priority may be raised (root, as in CI) it runs ahead of the checks and the build beside it:
  # shared evenly, the build and checks ended ~20 s before it and a core stood idle meanwhile.
  priority=()
  if [ "$(id -u)" = 0 ]; then priority=(nice -n -5); fi
  (
    status=0
    JOBS="${JOBS:-max}" "${priority[@]}" npm rebuild better-sqlite3 >"$native_dir/log" 2>&1 || status=$?
    echo "$status" >"$native_dir/status"
  ) </dev/null >/dev/null 2>&1 &
else
  # compiled before: nothing to wait for
  rm -rf "$native_dir"
fi

steps=()
if [ "$installed" = yes ]; then
  # every other package's install script, as npm ci would have run it; @prisma/client's would
  # generate a client the two generate steps below make anyway
  mapfile -t scripted < <(node -e '
    const { packages } = require("./node_modules/.package-lock.json");
    const names = Object.entries(packages).filter(([, entry]) => entry.hasInstallScript)
      .map(([where]) => where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length));
    console.log([...new Set(names)].filter((name) => name !== "better-sqlite3").join("\n"));
  ')
  if [ "${#scripted[@]}" -gt 0 ]; then
    PRISMA_SKIP_POSTINSTALL_GENERATE=1 npm rebuild "${scripted[@]}" >/dev/null &
    steps+=($!)
  fi
fi

if [ ! -f generated/prisma/client.ts ] || [ prisma/schema.prisma -nt generated/prisma/client.ts ]; then
  echo "› Generating the Prisma client (SQLite)…"
  DATABASE_URL="file:./data/goldenset.db" npx prisma generate >/dev/null &
  steps+=($!)
fi
if [ ! -f generated/prisma-postgresql/client.ts ] || [ prisma/postgresql/schema.prisma -nt generated/prisma-postgresql/client.ts ]; then
  echo "› Generating the Prisma client (PostgreSQL)…"
  # the URL is only read by the schema reader: nothing connects
  DATABASE_URL="postgresql://localhost/goldenset" npx prisma generate --config prisma.postgresql.config.ts >/dev/null &
  steps+=($!)
fi
for pid in "${steps[@]}"; do wait "$pid"; done

if [ "$background" = no ]; then bash bin/await-native-build.sh; fi
