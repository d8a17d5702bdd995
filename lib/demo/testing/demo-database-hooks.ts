import { afterAll, beforeAll } from "vitest";
import type { Db } from "@/lib/db/client";
import type { TestDatabase } from "@/lib/db/testing/test-database";
import { createDemoTestDatabase } from "@/lib/demo/testing/demo-test-database";

/**
 * Registers hooks that give the file one copy of the demo database (createDemoTestDatabase),
 * disposed of after its last test; `ready` receives its client before the first test runs.
 */
export function setUpDemoDatabase(ready: (prisma: Db) => void) {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createDemoTestDatabase();
    ready(database.prisma);
  }, 120_000);
  afterAll(async () => {
    await database.dispose();
  });
}
