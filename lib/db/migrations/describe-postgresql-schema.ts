import pg from "pg";

/**
 * A PostgreSQL database's schema as sorted lines — every column (type, length, precision,
 * nullability, default), index and constraint of the public schema, Prisma's migration table
 * left out — so two databases built different ways can be compared line by line.
 */
export async function describePostgresqlSchema(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const columns = await client.query<Record<string, string | number | null>>(`
      SELECT table_name, column_name, udt_name, character_maximum_length, numeric_precision,
             datetime_precision, is_nullable, column_default
      FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`);
    const indexes = await client.query<{ indexdef: string }>(`
      SELECT indexdef FROM pg_indexes
      WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`);
    const constraints = await client.query<{ table_name: string; conname: string; definition: string }>(`
      SELECT c.conrelid::regclass::text AS table_name, c.conname, pg_get_constraintdef(c.oid) AS definition
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE n.nspname = 'public' AND c.conrelid::regclass::text <> '"_prisma_migrations"'
        AND c.conrelid::regclass::text <> '_prisma_migrations'`);
    return [
      ...columns.rows.map((row) => `column ${Object.values(row).map(String).join(" ")}`),
      ...indexes.rows.map((row) => `index ${row.indexdef}`),
      ...constraints.rows.map((row) => `constraint ${row.table_name} ${row.conname} ${row.definition}`),
    ].sort();
  } finally {
    await client.end();
  }
}
