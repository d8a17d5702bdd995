/**
 * Keys per statement when a query filters on a list of keys (`in`, or one OR branch a key): well
 * under every database's limit of bound parameters (SQLite 32,766; PostgreSQL 65,535), with room
 * for the statement's other parameters.
 */
const KEYS_PER_STATEMENT = 500;

/**
 * The rows `find` returns for consecutive slices of `keys`, one statement a slice, in order. For
 * lists that may grow past the parameter limit: a pool's cache keys, a corpus's documents.
 */
export async function findInBatches<Key, Row>(
  keys: readonly Key[],
  find: (batch: Key[]) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let from = 0; from < keys.length; from += KEYS_PER_STATEMENT)
    for (const row of await find(keys.slice(from, from + KEYS_PER_STATEMENT))) rows.push(row);
  return rows;
}
