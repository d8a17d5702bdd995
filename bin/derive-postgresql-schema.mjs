#!/usr/bin/env node
// Derives prisma/postgresql/schema.prisma from prisma/schema.prisma, the one schema source.
//
// The migration story (one source, two histories):
// - prisma/schema.prisma (SQLite) is the only schema anyone edits. The PostgreSQL schema is this
//   script's output: the same models, `provider = "postgresql"`, its client generated into
//   generated/prisma-postgresql. Never edit it by hand; `--check` (run by `npm test`) fails when
//   it is stale.
// - prisma/migrations holds the SQLite history (applied by `prisma migrate deploy`);
//   prisma/postgresql/migrations the PostgreSQL one (applied by `goldenset migrate`, our own
//   migrator in lib/db/migrations/, because `prisma migrate deploy` through @prisma/adapter-pg
//   fails — prisma/orm#27403). The PostgreSQL history starts with one baseline generated from
//   empty for the schema of 2026-12-01; from then on `npm run db:migration -- NAME`
//   (bin/create-migration.sh) writes BOTH migrations, under the same timestamp and name, from the
//   same schema diff (HEAD's schema against the edited one, each in its provider's dialect).
// - lib/db/migrations/postgresql-schema-drift.test.ts (the PostgreSQL pass of `npm test`)
//   applies every PostgreSQL migration to a fresh database and compares its catalog with a
//   database built straight from the derived schema: any drift fails it.
//
// usage: node bin/derive-postgresql-schema.mjs [--check]
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const source = path.join(root, "prisma", "schema.prisma");
const target = path.join(root, "prisma", "postgresql", "schema.prisma");

const HEADER = `// GENERATED from prisma/schema.prisma by bin/derive-postgresql-schema.mjs — do not edit.
// Edit prisma/schema.prisma and run \`npm run db:migration -- NAME\` (writes both providers' migrations).
`;

/**
 * The PostgreSQL form of a SQLite schema text: the provider and the client's output change, and
 * every Json field is stored as `json` (@db.Json) rather than Prisma's default `jsonb`. SQLite
 * keeps JSON as the text written; jsonb reorders object keys (shorter keys first), which would
 * make the same export, snapshot or config read back differently on the two databases. `json`
 * keeps the text too; raw SQL casts it to jsonb where it needs jsonb functions (sql-dialect.ts).
 */
export function derivePostgresqlSchema(sqliteSchema) {
  const replaced = sqliteSchema
    .replace(/^(\s+\w+\s+Json\??)(?=\s|$)(?!.*@db\.)/gm, "$1 @db.Json")
    .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
    .replace(/output(\s*)=\s*"\.\.\/generated\/prisma"/, 'output$1= "../../generated/prisma-postgresql"');
  if (!replaced.includes('provider = "postgresql"') || !replaced.includes("generated/prisma-postgresql")) {
    throw new Error("prisma/schema.prisma: expected a sqlite datasource and the ../generated/prisma output");
  }
  return HEADER + replaced;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const derived = derivePostgresqlSchema(readFileSync(source, "utf8"));
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(target, "utf8");
    } catch {}
    if (current !== derived) {
      console.error(
        "prisma/postgresql/schema.prisma is stale: run `node bin/derive-postgresql-schema.mjs` (and add the migrations with `npm run db:migration -- NAME`).",
      );
      process.exit(1);
    }
    console.log("prisma/postgresql/schema.prisma matches prisma/schema.prisma.");
  } else {
    writeFileSync(target, derived);
    console.log("Wrote prisma/postgresql/schema.prisma");
  }
}
