import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { createPrismaClient, type Db } from "@/lib/db/client";

const migrationsDir = path.resolve(import.meta.dirname, "../../../prisma/migrations");

/**
 * A fresh SQLite file with every migration applied (the same SQL `prisma migrate deploy` runs),
 * for integration tests — never the dev database. Call `dispose` in afterAll/afterEach.
 */
export function createTestDatabase(): {
  prisma: Db;
  url: string;
  file: string;
  dispose: () => Promise<void>;
} {
  const dir = mkdtempSync(path.join(tmpdir(), "goldenset-test-"));
  const file = path.join(dir, "test.db");
  const sqlite = new Database(file);
  const migrations = readdirSync(migrationsDir, { withFileTypes: true }).filter((entry) =>
    entry.isDirectory(),
  );
  for (const entry of migrations.map((dirent) => dirent.name).sort()) {
    sqlite.exec(readFileSync(path.join(migrationsDir, entry, "migration.sql"), "utf8"));
  }
  sqlite.close();
  const url = `file:${file}`;
  const prisma = createPrismaClient(url);
  return {
    prisma,
    url,
    file,
    dispose: async () => {
      await prisma.$disconnect();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Row counts of every table, to prove a failed import left the database as it was. */
export async function tableCounts(prisma: Db): Promise<Record<string, number>> {
  const tables = await prisma.$queryRaw<{ name: string }[]>`
    SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`;
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const rows = await prisma.$queryRawUnsafe<{ n: number | bigint }[]>(
      `SELECT COUNT(*) AS n FROM "${name}"`,
    );
    counts[name] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}
