import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runGoldenset } from "@/lib/cli/testing/run-goldenset";
import { createTestDatabase } from "@/lib/db/testing/test-database";

// `goldenset add-user` as an operator runs it: the real executable on a fresh database. The
// password is judged after trimming (lib/auth/password-policy.ts), as on the admin's Users page.

let database: ReturnType<typeof createTestDatabase>;
beforeAll(() => {
  database = createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

async function addUser(email: string, password: string) {
  const args = ["add-user", "--role", "admin", "--email", email, "--password", password];
  return runGoldenset(database.url, args);
}

describe("goldenset add-user", () => {
  it("refuses a whitespace-only password and a padded common one (exit 2), creating nobody", async () => {
    const blank = await addUser("blank@example.test", " ".repeat(12));
    expect(blank.code).toBe(2);
    expect(blank.stderr).toContain("password: at least 12 characters, not counting spaces at the ends");
    const padded = await addUser("padded@example.test", "   Password1234   ");
    expect(padded.code).toBe(2);
    expect(padded.stderr).toContain("password: too common");
    expect(await database.prisma.user.count()).toBe(0);
  });

  it("creates the user with a good password", async () => {
    const added = await addUser("ok@example.test", "amber kettle on the moor");
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ email: "ok@example.test", role: "admin" });
    expect(await database.prisma.user.count()).toBe(1);
  });
});
