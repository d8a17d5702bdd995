/** The databases Goldenset runs on: SQLite (the embedded default) and PostgreSQL (a team's server). */
export type DatabaseProvider = "sqlite" | "postgresql";

/** Which database a DATABASE_URL names: `file:…` is SQLite, `postgres://…` or `postgresql://…` PostgreSQL. */
export function databaseProviderOf(url: string): DatabaseProvider {
  if (url.startsWith("file:")) return "sqlite";
  if (url.startsWith("postgresql://") || url.startsWith("postgres://")) return "postgresql";
  throw new Error("DATABASE_URL must start with file: (SQLite) or postgresql:// (PostgreSQL).");
}
