import { afterAll, describe, expect, it } from "vitest";
import { providerOfClient } from "@/lib/db/client";
import { createTestDatabase, testDatabaseProvider } from "@/lib/db/testing/test-database";

// providerOfClient reads Prisma's `_activeProvider`, which Prisma does not document (the only
// place the app reads a private field of a library). This test is the guard: a Prisma upgrade
// that renames or hides it fails here, on both databases, instead of misrouting SQL silently.
const database = createTestDatabase();
afterAll(() => database.dispose());

describe("providerOfClient", () => {
  it("names the database of a client and of a transaction opened on it", async () => {
    const expected = testDatabaseProvider();
    expect(providerOfClient(database.prisma)).toBe(expected);
    const inside = await database.prisma.$transaction(async (tx) => providerOfClient(tx));
    expect(inside).toBe(expected);
  });
});
