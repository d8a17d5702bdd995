import { Prisma } from "@/generated/prisma/client";
import { type DbOrTransaction, providerOfClient } from "@/lib/db/client";

/**
 * Holds, until the transaction ends, a lock on each of `keys` (strings in `namespace`), so two
 * transactions that read-modify-write the same keys — rows that may not exist yet, which
 * `SELECT … FOR UPDATE` cannot lock — run one after the other.
 *
 * SQLite needs nothing: a write transaction there already excludes every other writer (and the
 * driver adapter runs one transaction at a time per client). PostgreSQL runs them side by side
 * at READ COMMITTED, so there it takes transaction-scoped advisory locks, in sorted order (no
 * deadlock between two callers locking overlapping keys).
 */
export async function lockKeysForTransaction(
  tx: DbOrTransaction,
  namespace: string,
  keys: readonly string[],
): Promise<void> {
  if (providerOfClient(tx) !== "postgresql") return;
  for (const key of [...new Set(keys)].sort()) {
    await tx.$executeRaw(
      Prisma.sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${namespace}:${key}`}, 0))`,
    );
  }
}
