#!/usr/bin/env bash
# npm run db:migration -- NAME: writes the migrations of a schema change for BOTH databases, under
# one timestamp and name, from the difference between the committed schema (HEAD) and the edited
# prisma/schema.prisma:
#   prisma/migrations/<timestamp>_NAME/migration.sql             (SQLite)
#   prisma/postgresql/migrations/<timestamp>_NAME/migration.sql  (PostgreSQL, from the derived
#   schema: bin/derive-postgresql-schema.mjs, which this also refreshes)
# (`prisma migrate dev` needs a shadow database the offline JS engine cannot create — see
# ../shared/TOOLCHAIN.md.) Review both files before committing them.
set -euo pipefail
cd "$(dirname "$0")/.."
name="${1:?usage: npm run db:migration -- NAME}"
timestamp="$(date -u +%Y%m%d%H%M%S)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
node bin/derive-postgresql-schema.mjs >/dev/null

# diff_script CONFIG URL SCHEMA PREVIOUS: the SQL that takes PREVIOUS (empty when absent) to SCHEMA
# (SQLite gets a scratch file in $work; the PostgreSQL engine connects to a server, the
# development one by default: GOLDENSET_TEST_POSTGRES_URL, else postgres@127.0.0.1:5432)
diff_script() {
  local config="$1" url="$2" schema="$3" previous="$4" from
  if [ -s "$previous" ]; then from=(--from-schema-datamodel "$previous"); else from=(--from-empty); fi
  if ! DATABASE_URL="$url" npx prisma migrate diff --config "$config" "${from[@]}" --to-schema-datamodel "$schema" --script 2>"$work/error"; then
    echo "prisma migrate diff failed ($config):" >&2; cat "$work/error" >&2; return 1
  fi
}

git show HEAD:prisma/schema.prisma > "$work/previous.prisma" 2>/dev/null || : > "$work/previous.prisma"
if [ -s "$work/previous.prisma" ]; then
  node --input-type=module -e '
    import { readFileSync, writeFileSync } from "node:fs";
    import { derivePostgresqlSchema } from "./bin/derive-postgresql-schema.mjs";
    writeFileSync(process.argv[2], derivePostgresqlSchema(readFileSync(process.argv[1], "utf8")));
  ' "$work/previous.prisma" "$work/previous-postgresql.prisma"
else
  : > "$work/previous-postgresql.prisma"
fi
sqlite_sql="$(diff_script prisma.config.ts "file:$work/diff.db" prisma/schema.prisma "$work/previous.prisma")"
postgresql_sql="$(diff_script prisma.postgresql.config.ts "${GOLDENSET_TEST_POSTGRES_URL:-postgresql://postgres@127.0.0.1:5432/postgres}" prisma/postgresql/schema.prisma "$work/previous-postgresql.prisma")"

if [ -z "$sqlite_sql" ] || ! grep -qv '^-- This is an empty migration' <<<"$sqlite_sql"; then
  echo "No schema changes since HEAD."; exit 0
fi
write_migration() {
  local dir="$1/${timestamp}_${name}"
  mkdir -p "$dir"
  printf '%s\n' "$2" > "$dir/migration.sql"
  echo "Wrote $dir/migration.sql"
}
# Prisma writes SQLite Json defaults unquoted (DEFAULT []), which SQLite rejects
write_migration prisma/migrations "$(sed "s/DEFAULT \[\]/DEFAULT '[]'/g" <<<"$sqlite_sql")"
write_migration prisma/postgresql/migrations "$postgresql_sql"
