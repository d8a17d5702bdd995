import { afterAll, beforeAll, expect, it } from "vitest";
import { resetUserPassword, setUserActive } from "@/lib/auth/administer-user";
import { createUserWithPassword } from "@/lib/auth/create-user";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { demoAccounts } from "@/lib/demo/demo-accounts";
import { listSignInDemoAccounts } from "@/lib/demo/list-sign-in-demo-accounts";

// A real SQLite file with the demo's three users (as the seed creates them) and a real admin.
const database = createTestDatabase();
const prisma = database.prisma;
let actor: { id: string; email: string };
const idsByRole = new Map<string, string>();

beforeAll(async () => {
  const adminId = await createUserWithPassword(prisma, {
    name: "Own Admin",
    email: "own-admin@example.com",
    password: "a long private passphrase",
    role: "admin",
  });
  actor = { id: adminId, email: "own-admin@example.com" };
  for (const account of demoAccounts) {
    idsByRole.set(account.role, await createUserWithPassword(prisma, account));
  }
}, 60_000);

afterAll(async () => {
  await database.dispose();
});

it("offers every demo account while it signs in with its published password", async () => {
  const accounts = await listSignInDemoAccounts(prisma);
  expect(accounts).toEqual(demoAccounts.map(({ role, email, password }) => ({ role, email, password })));
});

it("leaves out a demo account whose password was reset, or that was deactivated", async () => {
  await resetUserPassword(prisma, {
    actor,
    userId: idsByRole.get("engineer") ?? "",
    password: "no longer the published one",
  });
  await setUserActive(prisma, { actor, userId: idsByRole.get("annotator") ?? "", active: false });
  const accounts = await listSignInDemoAccounts(prisma);
  expect(accounts.map((account) => account.email)).toEqual(["admin@goldenset.local"]);
});

it("offers none on a server without the demo accounts", async () => {
  await prisma.user.deleteMany({ where: { email: { endsWith: "@goldenset.local" } } });
  expect(await listSignInDemoAccounts(prisma)).toEqual([]);
});
