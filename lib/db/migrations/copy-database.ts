import { existsSync } from "node:fs";
import { Prisma } from "@/generated/prisma/client";
import { databaseProviderOf } from "@/lib/database-provider";
import { createPrismaClient, type Db, type DbOrTransaction } from "@/lib/db/client";
import { applyPostgresqlMigrations, readMigrations } from "@/lib/db/migrations/apply-postgresql-migrations";
import { compareDatabases } from "@/lib/db/migrations/compare-databases";
import { afterKey, COPIED_TABLES, type CopiedTable } from "@/lib/db/migrations/copied-tables";
import { AppError } from "@/lib/errors";

/**
 * `goldenset migrate-data`: copies a whole SQLite installation into an empty PostgreSQL database.
 *
 * The copy runs in one transaction on the target, verification included (row counts of every
 * table, every golden set's export byte for byte): when anything fails — a row, the connection,
 * the verification — PostgreSQL rolls it all back and the target holds the schema and no data,
 * ready for another attempt. Rows go through the Prisma model delegates (every column type
 * round-trips as Prisma reads and writes it), a page of `batchSize` rows at a time by primary
 * key, so memory stays bounded whatever the size of a corpus.
 */

export type CopySummary = { tables: Record<string, number>; sets: number; verified: true };

/** The copy was made but does not match the source: nothing was kept on the target. */
export class CopyVerificationError extends Error {
  readonly mismatches: string[];
  constructor(mismatches: string[]) {
    super(`Verification failed: ${mismatches.join("; ")}`);
    this.mismatches = mismatches;
  }
}

/** The copy failed inside its transaction, which was rolled back: the target has no rows. */
export class CopyRolledBackError extends Error {
  constructor(cause: unknown) {
    super((cause as Error)?.message ?? String(cause), { cause });
  }
}

/** A model delegate as the copy uses it, whatever the model. */
type Delegate = {
  findMany(args: object): Promise<Record<string, unknown>[]>;
  createMany(args: { data: Record<string, unknown>[] }): Promise<{ count: number }>;
  update(args: { where: object; data: Record<string, unknown> }): Promise<unknown>;
};

function delegate(prisma: DbOrTransaction, model: string): Delegate {
  const found = (prisma as unknown as Record<string, Delegate | undefined>)[model];
  if (!found) throw new Error(`No Prisma model "${model}" (lib/db/migrations/copied-tables.ts).`);
  return found;
}

/** Hours: a big corpus takes long; the default of 5 s is for requests, not a migration. */
const TRANSACTION_OPTIONS = { maxWait: 60_000, timeout: 12 * 60 * 60 * 1000 } as const;

/** Refuses (bad_request, exit 2) what migrate-data does not do; never echoes a URL (passwords). */
export function checkMigrateDataUrls(options: { fromUrl: string; toUrl: string }): void {
  if (!options.fromUrl.startsWith("file:")) {
    throw new AppError("bad_request", "--from must be a SQLite database: file:/path/to/goldenset.db");
  }
  const file = options.fromUrl.slice("file:".length).split("?")[0] ?? "";
  if (!file || !existsSync(file)) {
    throw new AppError("bad_request", `--from names no existing SQLite file (${file || "empty path"}).`);
  }
  let provider: string;
  try {
    provider = databaseProviderOf(options.toUrl);
  } catch {
    provider = "other";
  }
  if (provider !== "postgresql") {
    throw new AppError("bad_request", "--to must be a PostgreSQL database: postgresql://user@host:5432/name");
  }
}

export async function copyDatabase(options: {
  fromUrl: string;
  toUrl: string;
  /** prisma/postgresql/migrations: applied to the target first */
  migrationsDir: string;
  /** prisma/migrations: a source with pending ones is refused (its columns would not match) */
  sqliteMigrationsDir?: string;
  batchSize?: number;
  /** called after each page (`done` false) and once per table when it is complete (`done` true) */
  onProgress?: (progress: { table: string; rows: number; done: boolean }) => void;
}): Promise<CopySummary> {
  checkMigrateDataUrls(options);
  const source = createPrismaClient(options.fromUrl);
  const target = createPrismaClient(options.toUrl);
  try {
    if (options.sqliteMigrationsDir) await assertSourceUpToDate(source, options.sqliteMigrationsDir);
    await applyPostgresqlMigrations({ url: options.toUrl, migrationsDir: options.migrationsDir });
    await assertTargetReady(target);
    return await target
      .$transaction(async (tx) => {
        const tables: Record<string, number> = {};
        const deferred: { table: CopiedTable; rows: Record<string, unknown>[] }[] = [];
        for (const table of COPIED_TABLES) {
          const copied = await copyTable({
            source,
            target: tx,
            table,
            batchSize: options.batchSize ?? 500,
            onPage: (rows) => options.onProgress?.({ table: table.table, rows, done: false }),
          });
          tables[table.table] = copied.rows;
          if (copied.deferredRows.length) deferred.push({ table, rows: copied.deferredRows });
          options.onProgress?.({ table: table.table, rows: copied.rows, done: true });
        }
        for (const { table, rows } of deferred) await fillDeferredColumns(tx, table, rows);
        const comparison = await compareDatabases({ source, target: tx });
        if (comparison.mismatches.length) throw new CopyVerificationError(comparison.mismatches);
        return { tables, sets: comparison.sets, verified: true as const };
      }, TRANSACTION_OPTIONS)
      .catch((error: unknown) => {
        throw error instanceof CopyVerificationError ? error : new CopyRolledBackError(error);
      });
  } finally {
    await Promise.all([source.$disconnect(), target.$disconnect()]);
  }
}

/**
 * The source must have every SQLite migration applied: the PostgreSQL schema is the latest one.
 * A file without Prisma's history table (made by hand or by a test) is taken as it is.
 */
async function assertSourceUpToDate(source: Db, sqliteMigrationsDir: string): Promise<void> {
  const history = await source.$queryRaw<{ name: string }[]>`
    SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'`;
  if (history.length === 0) return;
  const applied = await source.$queryRaw<{ migration_name: string }[]>`
    SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  const done = new Set(applied.map((row) => row.migration_name));
  const pending = readMigrations(sqliteMigrationsDir).filter((migration) => !done.has(migration.name));
  if (pending.length) {
    throw new AppError(
      "bad_request",
      `The SQLite database lacks ${pending.length} migration(s) (${pending[0]?.name}…): run DATABASE_URL=file:… goldenset migrate on it first (with this version of Goldenset).`,
    );
  }
}

/**
 * The target must have exactly the tables the copy knows (a table of a newer schema would be
 * left empty without a word) and no rows in any of them.
 */
async function assertTargetReady(target: Db): Promise<void> {
  const rows = await target.$queryRaw<{ name: string }[]>`
    SELECT CAST(table_name AS TEXT) AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`;
  const known = new Set(COPIED_TABLES.map((table) => table.table));
  const unknown = rows.map((row) => row.name).filter((name) => !known.has(name));
  if (unknown.length) {
    throw new Error(
      `The target has tables migrate-data does not copy (${unknown.join(", ")}): add them to lib/db/migrations/copied-tables.ts.`,
    );
  }
  for (const table of COPIED_TABLES) {
    const count = await target.$queryRawUnsafe<{ n: bigint | number }[]>(
      `SELECT COUNT(*) AS n FROM "${table.table}"`,
    );
    const rowsInTable = Number(count[0]?.n ?? 0);
    if (rowsInTable > 0) {
      throw new AppError(
        "bad_request",
        `The target database is not empty: table "${table.table}" has ${rowsInTable} row(s). migrate-data copies into an empty database only (create a new one: createdb --template=template0 --locale=C.UTF-8 NAME).`,
      );
    }
  }
}

async function copyTable(options: {
  source: Db;
  target: DbOrTransaction;
  table: CopiedTable;
  batchSize: number;
  onPage: (rowsSoFar: number) => void;
}): Promise<{ rows: number; deferredRows: Record<string, unknown>[] }> {
  const { table } = options;
  const from = delegate(options.source, table.model);
  const to = delegate(options.target, table.model);
  const orderBy = table.key.map((field) => ({ [field]: "asc" }));
  const deferredRows: Record<string, unknown>[] = [];
  let rows = 0;
  let last: Record<string, unknown> | undefined;
  for (;;) {
    const page = await from.findMany({
      ...(last ? { where: afterKey(table.key, last) } : {}),
      orderBy,
      take: options.batchSize,
    });
    if (page.length === 0) break;
    const data = page.map((row) => writableRow(table, row));
    for (const [index, row] of page.entries()) {
      if (!table.deferredColumns?.some((column) => row[column] !== null)) continue;
      const written = data[index] ?? {};
      deferredRows.push({ ...written });
      for (const column of table.deferredColumns) written[column] = null;
    }
    await to.createMany({ data });
    rows += page.length;
    options.onPage(rows);
    last = page.at(-1);
    if (page.length < options.batchSize) break;
  }
  return { rows, deferredRows };
}

/** A row as createMany/update take it: SQL NULL in a Json field must be spelled Prisma.DbNull. */
function writableRow(table: CopiedTable, row: Record<string, unknown>): Record<string, unknown> {
  const data = { ...row };
  for (const field of table.nullableJson ?? []) if (data[field] === null) data[field] = Prisma.DbNull;
  return data;
}

/**
 * Sets the cycle-breaking columns once their targets exist. The update names every column with
 * its source value, @updatedAt fields included, so Prisma does not stamp them with now().
 */
async function fillDeferredColumns(
  tx: DbOrTransaction,
  table: CopiedTable,
  rows: Record<string, unknown>[],
): Promise<void> {
  const to = delegate(tx, table.model);
  for (const row of rows) {
    const data = { ...row };
    const where: Record<string, unknown> = {};
    for (const field of table.key) {
      where[field] = data[field];
      delete data[field];
    }
    const unique = table.key.length === 1 ? where : { [table.key.join("_")]: where };
    await to.update({ where: unique, data });
  }
}
