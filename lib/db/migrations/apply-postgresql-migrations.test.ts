import { describe, expect, it } from "vitest";
import { type MigrationFile, pendingMigrations } from "@/lib/db/migrations/apply-postgresql-migrations";

const files: MigrationFile[] = [
  { name: "20260101000000_a", sql: "", checksum: "aa" },
  { name: "20260102000000_b", sql: "", checksum: "bb" },
];
const done = (name: string, checksum: string) => ({
  migration_name: name,
  checksum,
  finished_at: new Date(),
  rolled_back_at: null,
});

describe("pendingMigrations", () => {
  it("leaves out the migrations already applied, in order", () => {
    expect(pendingMigrations(files, []).map((file) => file.name)).toEqual([
      "20260101000000_a",
      "20260102000000_b",
    ]);
    expect(pendingMigrations(files, [done("20260101000000_a", "aa")]).map((file) => file.name)).toEqual([
      "20260102000000_b",
    ]);
  });

  it("refuses an applied migration whose file changed", () => {
    expect(() => pendingMigrations(files, [done("20260101000000_a", "changed")])).toThrow(
      /20260101000000_a was changed after it was applied/,
    );
  });

  it("refuses a migration that started and never finished, and ignores rolled-back ones", () => {
    expect(() =>
      pendingMigrations(files, [{ ...done("20260101000000_a", "aa"), finished_at: null }]),
    ).toThrow(/did not finish/);
    const rolledBack = { ...done("20260101000000_a", "aa"), finished_at: null, rolled_back_at: new Date() };
    expect(pendingMigrations(files, [rolledBack])).toHaveLength(2);
  });
});
