import { afterAll, afterEach, beforeEach, vi } from "vitest";
import type { TestDatabase } from "@/lib/db/testing/test-database";

/**
 * Hooks for the sign-in throttle's tests on one database per file: each test starts with no
 * counters and no audit events, and console.warn (where a lock is logged) is caught —
 * `warnedLines()` gives what the current test logged. The database is disposed after the file.
 */
export function setUpThrottleTests(database: Pick<TestDatabase, "prisma" | "dispose">): {
  warnedLines: () => string[];
} {
  let warn: { mock: { calls: unknown[][] } } | undefined;
  beforeEach(() => {
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await database.prisma.signInRateLimit.deleteMany();
    await database.prisma.auditEvent.deleteMany();
  });
  afterAll(() => database.dispose());
  return { warnedLines: () => (warn?.mock.calls ?? []).map((call) => call.join(" ")) };
}
