import { Prisma } from "@/generated/prisma/client";
import type { DatabaseProvider } from "@/lib/database-provider";
import { type DbOrTransaction, providerOfClient } from "@/lib/db/client";

/**
 * The one seam for SQL that SQLite and PostgreSQL spell differently. Raw queries build their
 * provider-specific pieces here, from the client they run on (`sqlDialect(prisma)`), and keep the
 * rest portable (quoted identifiers, CASE instead of boolean arithmetic, CAST(… AS TEXT)).
 * Everything returned is a `Prisma.Sql` fragment, so values stay bound parameters.
 */
export type SqlDialect = {
  provider: DatabaseProvider;
  /**
   * A FROM item: one row per element of a JSON array — a column (Json, i.e. jsonb on PostgreSQL)
   * or a bound JSON text — as `alias."value"`, the element as JSON (read fields with
   * `alias."value"->>0` or `->>'name'` on both).
   */
  jsonArrayElements(json: Prisma.Sql, alias: string): Prisma.Sql;
  /** A FROM item: one row per element of a JSON array of scalars, `alias."value"` as text. */
  jsonArrayTexts(json: Prisma.Sql, alias: string): Prisma.Sql;
  /** The text at `path` (object keys) inside a JSON column: `json_extract` / `#>>`. */
  jsonPathText(json: Prisma.Sql, path: readonly string[]): Prisma.Sql;
  /** An aggregate: the group's values as JSON array text (a string on both: `JSON.parse` it). */
  jsonArrayAggText(expression: Prisma.Sql): Prisma.Sql;
  /** An aggregate: the group's text values joined by `separator` (in no particular order). */
  groupConcat(expression: Prisma.Sql, separator: string): Prisma.Sql;
  /**
   * `expression` (text, e.g. `value->>1` of a bound JSON batch) as a column of `type`: SQLite
   * stores what it is given (Prisma writes DateTime as ISO text, Json as text), PostgreSQL needs
   * the cast.
   */
  typed(expression: Prisma.Sql, type: ColumnType): Prisma.Sql;
  /** A DateTime value as this provider stores it (for raw INSERT/UPDATE; null stays NULL). */
  dateTimeValue(date: Date | null): Prisma.Sql;
  /** `expression` contains `pattern` (a LIKE pattern, `\` escapes), ignoring case as SQLite's LIKE does. */
  likeIgnoringCase(expression: Prisma.Sql, pattern: string): Prisma.Sql;
  /**
   * `SELECT <the columns' names> FROM <the rows>`: a batch of rows (column i of row r is
   * `columns[i].values[r]`) bound as a handful of parameters however many rows it has — PostgreSQL
   * unnests one array per column, SQLite reads one JSON array of rows with json_each — so bulk
   * INSERT … SELECT compiles as a small statement (Prisma's cost grows with every placeholder) and
   * stays under the databases' limits on bound parameters. Json values are given as JSON text,
   * DateTime values as the text dateTimeValue binds.
   */
  selectRows(columns: readonly BoundColumn[]): Prisma.Sql;
};

/** One column of `selectRows`: its name in the SELECT, its type, and its values row by row. */
export type BoundColumn = { name: string; type: ColumnType; values: readonly unknown[] };

/** The Prisma column types raw SQL writes: Int, Float, DateTime, Json, String. */
type ColumnType = "integer" | "float" | "datetime" | "json" | "text" | "boolean";

const POSTGRESQL_TYPES: Record<ColumnType, string> = {
  boolean: "BOOLEAN",
  integer: "INTEGER",
  float: "DOUBLE PRECISION",
  datetime: "TIMESTAMP(3)",
  json: "JSON",
  text: "TEXT",
};

/**
 * The types `selectRows` binds on PostgreSQL as text arrays and casts row by row: the adapter
 * would round a float array's values to 15 digits (text keeps JavaScript's shortest exact form,
 * which float8 reads back exactly), and json and timestamps arrive as text anyway.
 */
const TEXT_TRAVELLING = new Set<ColumnType>(["float", "json", "datetime"]);

/** ISO 8601 with an explicit +00:00 offset: how Prisma stores DateTime in SQLite (and PostgreSQL reads it). */
function isoDateTime(date: Date | null): string | null {
  return date === null ? null : date.toISOString().replace("Z", "+00:00");
}

const sqlite: SqlDialect = {
  provider: "sqlite",
  typed: (expression) => expression,
  dateTimeValue: (date) => Prisma.sql`${isoDateTime(date)}`,
  jsonArrayElements: (json, alias) => Prisma.sql`json_each(${json}) AS ${Prisma.raw(quoted(alias))}`,
  jsonArrayTexts: (json, alias) => Prisma.sql`json_each(${json}) AS ${Prisma.raw(quoted(alias))}`,
  jsonPathText: (json, path) => Prisma.sql`json_extract(${json}, ${`$.${path.join(".")}`})`,
  jsonArrayAggText: (expression) => Prisma.sql`json_group_array(${expression})`,
  groupConcat: (expression, separator) => Prisma.sql`group_concat(${expression}, ${separator})`,
  likeIgnoringCase: (expression, pattern) => Prisma.sql`${expression} LIKE ${pattern} ESCAPE '\\'`,
  selectRows: (columns) => {
    const rowCount = columns[0]?.values.length ?? 0;
    const rows = Array.from({ length: rowCount }, (_, row) => columns.map((column) => column.values[row]));
    const fields = columns.map((column, index) => `"r"."value"->>${index} AS ${quoted(column.name)}`);
    return Prisma.sql`SELECT ${Prisma.raw(fields.join(", "))} FROM json_each(${JSON.stringify(rows)}) AS "r"`;
  },
};

const postgresql: SqlDialect = {
  provider: "postgresql",
  typed: (expression, type) => Prisma.sql`CAST(${expression} AS ${Prisma.raw(POSTGRESQL_TYPES[type])})`,
  // a timestamp without time zone holds UTC wall-clock time, as Prisma writes it
  dateTimeValue: (date) => Prisma.sql`CAST(${isoDateTime(date)} AS TIMESTAMP(3))`,
  jsonArrayElements: (json, alias) =>
    Prisma.sql`jsonb_array_elements(CAST(${json} AS JSONB)) AS ${Prisma.raw(quoted(alias))}("value")`,
  jsonArrayTexts: (json, alias) =>
    Prisma.sql`jsonb_array_elements_text(CAST(${json} AS JSONB)) AS ${Prisma.raw(quoted(alias))}("value")`,
  jsonPathText: (json, path) => Prisma.sql`(${json} #>> CAST(${`{${path.join(",")}}`} AS TEXT[]))`,
  // ::text: the adapter would hand a json value back parsed; both providers return the text
  jsonArrayAggText: (expression) => Prisma.sql`CAST(COALESCE(json_agg(${expression}), '[]') AS TEXT)`,
  groupConcat: (expression, separator) => Prisma.sql`string_agg(${expression}, CAST(${separator} AS TEXT))`,
  likeIgnoringCase: (expression, pattern) => Prisma.sql`${expression} ILIKE ${pattern} ESCAPE '\\'`,
  selectRows: (columns) => {
    const arrays = columns.map((column) =>
      TEXT_TRAVELLING.has(column.type)
        ? Prisma.sql`CAST(${column.values.map((value) => (value === null ? null : String(value)))} AS TEXT[])`
        : Prisma.sql`CAST(${column.values} AS ${Prisma.raw(`${POSTGRESQL_TYPES[column.type]}[]`)})`,
    );
    const fields = columns.map((column) => {
      const name = Prisma.raw(quoted(column.name));
      return TEXT_TRAVELLING.has(column.type)
        ? Prisma.sql`CAST("r".${name} AS ${Prisma.raw(column.type === "json" ? "JSONB" : POSTGRESQL_TYPES[column.type])}) AS ${name}`
        : Prisma.sql`"r".${name}`;
    });
    const names = columns.map((column) => quoted(column.name)).join(", ");
    return Prisma.sql`SELECT ${Prisma.join(fields)} FROM unnest(${Prisma.join(arrays)}) AS "r"(${Prisma.raw(names)})`;
  },
};

function quoted(identifier: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(identifier)) throw new Error(`Bad SQL alias: ${identifier}`);
  return `"${identifier}"`;
}

/** The dialect of a provider. */
function dialectOf(provider: DatabaseProvider): SqlDialect {
  return provider === "postgresql" ? postgresql : sqlite;
}

/** The dialect of the database a client (or transaction) talks to. */
export function sqlDialect(prisma: DbOrTransaction): SqlDialect {
  return dialectOf(providerOfClient(prisma));
}

/**
 * A Prisma string filter for "contains `text`, ignoring case", as `contains` behaves on SQLite
 * (LIKE ignores ASCII case). PostgreSQL needs `mode: "insensitive"`, which the SQLite client's
 * types (the app's `Db`) do not have: hence the cast.
 */
export function containsIgnoringCase(prisma: DbOrTransaction, text: string): Prisma.StringFilter {
  if (providerOfClient(prisma) === "sqlite") return { contains: text };
  return { contains: text, mode: "insensitive" } as Prisma.StringFilter;
}
