import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { type Prisma, PrismaClient } from "@/generated/prisma/client";
import { env } from "@/lib/env";

export type { Prisma } from "@/generated/prisma/client";

/** Opens a client on a SQLite URL (`file:…`). Tests pass their own file; the app uses `db()`. */
export function createPrismaClient(url: string): PrismaClient {
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
