import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import pg from "pg";
import { testDatabaseProvider, testPostgresServerUrl } from "@/lib/db/testing/test-database";
import { postgresqlDemoTemplateName, sqliteDemoTemplatePaths } from "@/lib/demo/testing/demo-test-database";

/**
 * Vitest global setup: names this test run (GOLDENSET_TEST_RUN) so that the demo is seeded once
 * for it (createDemoTestDatabase), and removes that seeded template when the run ends.
 */
export default function demoTemplateSetup(): () => Promise<void> {
  const run = randomBytes(6).toString("hex");
  process.env.GOLDENSET_TEST_RUN = run;
  return async () => {
    const { file, lock } = sqliteDemoTemplatePaths(run);
    rmSync(file, { force: true });
    rmSync(lock, { recursive: true, force: true });
    if (testDatabaseProvider() !== "postgresql") return;
    const server = new pg.Client({ connectionString: testPostgresServerUrl() });
    await server.connect();
    try {
      await server.query(`DROP DATABASE IF EXISTS "${postgresqlDemoTemplateName(run)}" WITH (FORCE)`);
    } finally {
      await server.end();
    }
  };
}
