import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";

// The PostgreSQL twin of prisma.config.ts, for `prisma generate` and `prisma migrate diff` on the
// derived schema (bin/derive-postgresql-schema.mjs). Not for `migrate deploy`: through adapter-pg
// it fails (prisma/orm#27403); `goldenset migrate` applies prisma/postgresql/migrations instead.
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  adapter: async () =>
    new PrismaPg({
      connectionString: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
    }),
  schema: "prisma/postgresql/schema.prisma",
  migrations: { path: "prisma/postgresql/migrations" },
});
