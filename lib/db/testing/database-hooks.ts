import { afterEach, beforeEach } from "vitest";
import type { Db } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";

/**
 * Registers hooks that give every test of the file a fresh database (createTestDatabase), disposed
 * of after the test; `ready` receives its client before the test runs.
 */
export function setUpDatabasePerTest(ready: (prisma: Db) => void) {
  let database: TestDatabase;
  beforeEach(() => {
    database = createTestDatabase();
    ready(database.prisma);
  });
  afterEach(async () => {
    await database.dispose();
  });
}
