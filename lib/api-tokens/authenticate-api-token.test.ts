import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateApiToken } from "@/lib/api-tokens/authenticate-api-token";
import { createApiToken, createApiTokenForEmail } from "@/lib/api-tokens/create-api-token";
import { hashApiToken } from "@/lib/api-tokens/token-format";
import { listApiTokens, revokeApiToken } from "@/lib/db/api-tokens";
import { createTestDatabase } from "@/lib/db/testing/test-database";

const database = createTestDatabase();
const { prisma } = database;

beforeAll(async () => {
  await prisma.user.createMany({
    data: [
      { id: "u-eng", name: "Eng", email: "eng@example.com", role: "engineer" },
      { id: "u-ann", name: "Ann", email: "ann@example.com", role: "annotator" },
    ],
  });
});
afterAll(() => database.dispose());

describe("API tokens against a real database", () => {
  it("stores only the hash and the prefix, and the token acts with its owner's role", async () => {
    const { token, id } = await createApiTokenForEmail(prisma, { email: "eng@example.com", name: "CI" });
    const row = await prisma.apiToken.findUniqueOrThrow({ where: { id } });
    expect(row.hash).toBe(hashApiToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(token.startsWith(row.prefix)).toBe(true);
    const found = await authenticateApiToken(prisma, { token });
    expect(found).toEqual({
      tokenId: id,
      user: { id: "u-eng", name: "Eng", email: "eng@example.com", role: "engineer" },
    });
  });

  it("records the last use at most once a minute", async () => {
    const { token, id } = await createApiToken(prisma, { userId: "u-ann", name: "notebook" });
    const first = new Date("2026-12-01T10:00:00Z");
    await authenticateApiToken(prisma, { token, now: first });
    await authenticateApiToken(prisma, { token, now: new Date("2026-12-01T10:00:30Z") });
    const tokens = await listApiTokens(prisma, { userId: "u-ann" });
    expect(tokens.find((entry) => entry.id === id)?.lastUsedAt).toEqual(first);
    await authenticateApiToken(prisma, { token, now: new Date("2026-12-01T10:01:00Z") });
    const later = await listApiTokens(prisma, { userId: "u-ann" });
    expect(later.find((entry) => entry.id === id)?.lastUsedAt).toEqual(new Date("2026-12-01T10:01:00Z"));
  });

  it("refuses wrong, revoked and deactivated-owner tokens", async () => {
    const { token, id } = await createApiToken(prisma, { userId: "u-ann", name: "to revoke" });
    expect(
      await authenticateApiToken(prisma, {
        token: `${token.slice(0, -1)}A` === token ? `${token.slice(0, -1)}B` : `${token.slice(0, -1)}A`,
      }),
    ).toBeNull();
    expect(await authenticateApiToken(prisma, { token: `gs_${"A".repeat(43)}` })).toBeNull(); // well-formed, unknown
    await expect(revokeApiToken(prisma, { id, userId: "u-eng" })).rejects.toThrow("No such token");
    await revokeApiToken(prisma, { id, userId: "u-ann" });
    expect(await authenticateApiToken(prisma, { token })).toBeNull();
    const other = await createApiToken(prisma, { userId: "u-eng", name: "owner leaves" });
    await prisma.user.update({ where: { id: "u-eng" }, data: { deactivatedAt: new Date() } });
    expect(await authenticateApiToken(prisma, { token: other.token })).toBeNull();
    await expect(createApiTokenForEmail(prisma, { email: "eng@example.com", name: "x" })).rejects.toThrow(
      "deactivated",
    );
  });

  it("requires a name", async () => {
    await expect(createApiToken(prisma, { userId: "u-ann", name: "  " })).rejects.toThrow("Name the token");
  });
});
