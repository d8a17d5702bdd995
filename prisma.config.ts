import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";

// Prisma 6.19's JavaScript schema engine, through the driver adapter: no engine binary is
// downloaded, so generate and migrate deploy work offline (see ../shared/TOOLCHAIN.md).
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  adapter: async () =>
    new PrismaBetterSQLite3({ url: process.env.DATABASE_URL ?? "file:./data/goldenset.db" }),
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
