import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { type Prisma, PrismaClient } from "@/generated/prisma/client";
import { PrismaClient as PostgresqlPrismaClient } from "@/generated/prisma-postgresql/client";
import { type DatabaseProvider, databaseProviderOf } from "@/lib/database-provider";
import { env } from "@/lib/env";

export type { Prisma } from "@/generated/prisma/client";

/**
 * Opens a client on DATABASE_URL's database: SQLite (`file:…`) or PostgreSQL (`postgresql://…`).
 * Tests pass their own database; the app uses `db()`.
 *
 * Prisma generates one client per provider (generated/prisma, generated/prisma-postgresql: the
 * same models from one schema source, bin/derive-postgresql-schema.mjs). The app is typed against
 * the SQLite client only, so the PostgreSQL client is cast to it: both expose the same models,
 * fields and methods; the only type differences are provider-only extras (e.g. `mode:
 * "insensitive"`, `skipDuplicates`) the app does not use — provider differences go through
 * lib/db/sql-dialect.ts instead. The cast is checked by running: `npm test`'s PostgreSQL pass
 * runs every test that opens a database again on this client.
 */
export function createPrismaClient(url: string): PrismaClient {
  if (databaseProviderOf(url) === "postgresql") {
    return new PostgresqlPrismaClient({
      adapter: new PrismaPg({ connectionString: url }),
    }) as unknown as PrismaClient;
  }
  return new PrismaClient({ adapter: new PrismaBetterSQLite3({ url }) });
}

const globalForPrisma = globalThis as unknown as { goldensetPrisma?: PrismaClient };

/** The app's client, one per process (kept on globalThis so dev hot reloads do not leak connections). */
export function db(): PrismaClient {
  globalForPrisma.goldensetPrisma ??= createPrismaClient(env().DATABASE_URL);
  return globalForPrisma.goldensetPrisma;
}

export type Db = PrismaClient;

/** A client or an interactive transaction: for data functions that can run inside either. */
export type DbOrTransaction = PrismaClient | Prisma.TransactionClient;

/**
 * The database a client (or a transaction of one) talks to. Read from the client itself, not from
 * DATABASE_URL: tests and `migrate-data` hold clients on other databases than the app's.
 *
 * Prisma's `_activeProvider` is not documented, and no public API names the provider of a
 * transaction client (a client extension would change the client's type everywhere). It is the one
 * private field the app reads; lib/db/client.test.ts checks it on a client and a transaction on
 * both databases, and an unknown value throws here, so an upgrade that changes it fails loudly.
 */
export function providerOfClient(prisma: DbOrTransaction): DatabaseProvider {
  const provider = (prisma as unknown as { _activeProvider?: string })._activeProvider;
  if (provider === "postgresql" || provider === "sqlite") return provider;
  throw new Error(`Unknown Prisma provider: ${String(provider)}`);
}
