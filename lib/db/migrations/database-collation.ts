import pg from "pg";

/** Collations that sort text by bytes (code points), as SQLite's BINARY does. */
const BYTE_ORDER_COLLATIONS = new Set(["C", "C.UTF-8", "C.utf8", "POSIX", "ucs_basic"]);

/** The collation a PostgreSQL database sorts text by (pg_database.datcollate). */
export async function databaseCollation(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ datcollate: string }>(
      "SELECT datcollate FROM pg_database WHERE datname = current_database()",
    );
    return result.rows[0]?.datcollate ?? "unknown";
  } finally {
    await client.end();
  }
}

/**
 * Whether a collation sorts text as SQLite does (by bytes): with another one, lists ordered by
 * a name or an external id would come out in a different order than on SQLite.
 */
export function sortsByteOrder(collation: string): boolean {
  return BYTE_ORDER_COLLATIONS.has(collation);
}
