import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createUserWithPassword } from "@/lib/auth/create-user";
import type { Role } from "@/lib/auth/roles";
import { createAppTestDatabase, signInAs } from "@/lib/auth/testing/app-test-database";
import { AppError } from "@/lib/errors";

// The admin users page's actions on a real SQLite file, with real better-auth sessions and sign-in.
const database = createAppTestDatabase();
const { changeUserRole, resetUserPassword, setUserActive } = await import("@/lib/auth/administer-user");
const { signInWithPassword } = await import("@/lib/auth/sign-in-with-password");
const { capturePeerAddresses, peerAddressHeaderName } = await import("@/lib/auth/peer-address");
capturePeerAddresses();
const prisma = database.prisma;

afterAll(async () => {
  await database.dispose();
});

const password = "a long enough passphrase";
const headers = () => new Headers({ [peerAddressHeaderName() ?? "missing"]: "203.0.113.9" });

async function newUser(role: Role): Promise<{ id: string; email: string }> {
  const email = `user-${randomUUID()}@example.test`;
  const id = await createUserWithPassword(prisma, { name: "Test", email, password, role });
  return { id, email };
}

async function errorOf(promise: Promise<unknown>): Promise<{ code?: string; message: string }> {
  const error = await promise.then(
    () => new Error("resolved"),
    (e: unknown) => e as Error,
  );
  return { code: error instanceof AppError ? error.code : undefined, message: error.message };
}

const events = (kind: string) => prisma.auditEvent.findMany({ where: { kind } });

describe("administering users", () => {
  it("changes a role with an audit event, but never the admin's own nor the last admin's", async () => {
    const admin = await newUser("admin");
    const user = await newUser("annotator");
    await changeUserRole(prisma, { actor: admin, userId: user.id, role: "engineer" });
    expect((await prisma.user.findUnique({ where: { id: user.id } }))?.role).toBe("engineer");
    const [event] = (await events("user-role-changed")).filter((e) => e.subject === user.email);
    expect(event?.actorId).toBe(admin.id);
    expect(event?.detail).toMatchObject({ from: "annotator", to: "engineer" });

    expect(
      await errorOf(changeUserRole(prisma, { actor: admin, userId: admin.id, role: "annotator" })),
    ).toEqual({
      code: "conflict",
      message: "You cannot change your own role; another admin can.",
    });
    // demoting the other admins until one is left: the last one is refused
    await prisma.user.updateMany({
      where: { role: "admin", id: { not: admin.id } },
      data: { role: "engineer" },
    });
    const other = await newUser("admin");
    await changeUserRole(prisma, { actor: other, userId: admin.id, role: "engineer" });
    const refused = await errorOf(
      changeUserRole(prisma, { actor: admin, userId: other.id, role: "engineer" }),
    );
    expect(refused.code).toBe("conflict");
    expect(refused.message).toContain("No active admin would remain");
  });

  it("deactivates: sessions end, sign-in is refused with a clear message; reactivation restores it", async () => {
    const admin = await newUser("admin");
    const { userId } = await signInAs("engineer");
    const email = (await prisma.user.findUniqueOrThrow({ where: { id: userId } })).email;
    await prisma.account.updateMany({
      where: { userId },
      data: { password: await import("@/lib/auth/password").then((m) => m.hashPassword(password)) },
    });
    expect(await prisma.session.count({ where: { userId } })).toBe(1);

    await setUserActive(prisma, { actor: admin, userId, active: false });
    expect(await prisma.session.count({ where: { userId } })).toBe(0);
    expect((await events("user-deactivated")).map((e) => e.subject)).toContain(email);
    expect(await errorOf(signInWithPassword({ email, password }, headers()))).toEqual({
      code: "forbidden",
      message: "This account is deactivated. Ask an admin to reactivate it.",
    });
    // a wrong password does not reveal that the account exists and is deactivated
    expect((await errorOf(signInWithPassword({ email, password: "wrong password!" }, headers()))).code).toBe(
      "unauthorized",
    );
    // better-auth's own endpoint makes no session either
    const { auth } = await import("@/lib/auth/auth");
    expect(await errorOf(auth.api.signInEmail({ body: { email, password } }))).not.toEqual({
      message: "resolved",
    });
    expect(await prisma.session.count({ where: { userId } })).toBe(0);

    await setUserActive(prisma, { actor: admin, userId, active: true });
    expect((await events("user-reactivated")).map((e) => e.subject)).toContain(email);
    await signInWithPassword({ email, password }, headers());
    expect(await prisma.session.count({ where: { userId } })).toBe(1);

    expect(
      (await errorOf(setUserActive(prisma, { actor: admin, userId: admin.id, active: false }))).message,
    ).toBe("You cannot deactivate yourself; another admin can.");
  });

  it("resets a password under the new-user rules and ends the user's sessions", async () => {
    const admin = await newUser("admin");
    const { userId } = await signInAs("annotator");
    const email = (await prisma.user.findUniqueOrThrow({ where: { id: userId } })).email;
    const short = await errorOf(resetUserPassword(prisma, { actor: admin, userId, password: "short" }));
    expect(short.message).toContain("password: at least 12 characters");
    const common = await errorOf(
      resetUserPassword(prisma, { actor: admin, userId, password: "goldenset-admin" }),
    );
    expect(common.message).toContain("password: too common");
    for (const blank of [" ".repeat(12), "  password123  ", "  Password1234  "]) {
      const refused = await errorOf(resetUserPassword(prisma, { actor: admin, userId, password: blank }));
      expect(refused.message, JSON.stringify(blank)).toMatch(/password: (at least 12 characters|too common)/);
    }
    expect(await prisma.session.count({ where: { userId } })).toBe(1);

    await resetUserPassword(prisma, { actor: admin, userId, password: "a brand new passphrase" });
    expect(await prisma.session.count({ where: { userId } })).toBe(0);
    expect((await events("user-password-reset")).map((e) => e.subject)).toContain(email);
    await signInWithPassword({ email, password: "a brand new passphrase" }, headers());
    expect(await prisma.session.count({ where: { userId } })).toBe(1);
  });

  it("answers not_found for a user who is gone", async () => {
    const admin = await newUser("admin");
    expect(
      (await errorOf(setUserActive(prisma, { actor: admin, userId: "nobody", active: false }))).code,
    ).toBe("not_found");
  });
});
