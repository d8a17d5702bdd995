#!/usr/bin/env bash
# npm run db:migration -- NAME: writes prisma/migrations/<timestamp>_NAME/migration.sql from the
# difference between the committed schema (HEAD) and the edited one. (`prisma migrate dev` needs a
# shadow database the offline JS engine cannot create — see ../shared/TOOLCHAIN.md.)
set -euo pipefail
cd "$(dirname "$0")/.."
name="${1:?usage: npm run db:migration -- NAME}"
export DATABASE_URL="${DATABASE_URL:-file:./data/goldenset.db}"
previous="$(mktemp --suffix=.prisma)"
if git cat-file -e HEAD:prisma/schema.prisma 2>/dev/null; then
  git show HEAD:prisma/schema.prisma > "$previous"
  from=(--from-schema-datamodel "$previous")
else
  from=(--from-empty)
fi
dir="prisma/migrations/$(date -u +%Y%m%d%H%M%S)_${name}"
sql="$(npx prisma migrate diff "${from[@]}" --to-schema-datamodel prisma/schema.prisma --script)"
rm -f "$previous"
if ! grep -qv '^-- This is an empty migration' <<<"$sql" || [ -z "$sql" ]; then
  echo "No schema changes since HEAD."; exit 0
fi
mkdir -p "$dir"
printf '%s\n' "$sql" > "$dir/migration.sql"
echo "Wrote $dir/migration.sql"
