import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createUserWithPassword } from "@/lib/auth/create-user";
import { createAppTestDatabase } from "@/lib/auth/testing/app-test-database";
import { setUpThrottleTests } from "@/lib/auth/testing/throttle-test-hooks";
import { AppError } from "@/lib/errors";

// The sign-in form's path (the server action passes `await headers()`), on a real SQLite file
// with real better-auth: the throttle counts, locks, and clears in the SignInRateLimit table.
const database = createAppTestDatabase();
const { signInWithPassword } = await import("@/lib/auth/sign-in-with-password");
const { capturePeerAddresses, peerAddressHeaderName } = await import("@/lib/auth/peer-address");
capturePeerAddresses();

const password = "the right password";

/** Headers as the server builds them for a request whose socket peer is `peer`. */
function fromPeer(peer: string, extra: Record<string, string> = {}): Headers {
  return new Headers({ [peerAddressHeaderName() ?? "missing"]: peer, ...extra });
}

async function newUser(): Promise<string> {
  const email = `user-${randomUUID()}@example.test`;
  await createUserWithPassword(database.prisma, { name: "Test", email, password, role: "annotator" });
  return email;
}

/** The AppError code signInWithPassword answers, or "signed-in". */
async function attempt(email: string, tried: string, headers = fromPeer("203.0.113.5")): Promise<string> {
  try {
    await signInWithPassword({ email, password: tried }, headers);
    return "signed-in";
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

async function failTimes(count: number, email: string, headers?: Headers): Promise<string[]> {
  const codes: string[] = [];
  for (let index = 0; index < count; index++) codes.push(await attempt(email, `wrong ${index}`, headers));
  return codes;
}

const { warnedLines } = setUpThrottleTests(database);

describe("signInWithPassword", () => {
  it("locks an account after 10 wrong passwords: even the right one is refused, with when to retry", async () => {
    const email = await newUser();
    expect(await failTimes(10, email)).toEqual(Array(10).fill("unauthorized"));
    const refused = await signInWithPassword({ email, password }, fromPeer("203.0.113.5")).catch((e) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: "too_many_requests",
      message: "Too many sign-in attempts; try again in 15 minutes.",
    });
    expect(refused.httpStatus).toBe(429);
    // From another address as well: the account is locked, not only the address.
    expect(await attempt(email, password, fromPeer("198.51.100.20"))).toBe("too_many_requests");
  });

  it("records the lock once: an AuditEvent and one log line, never a password", async () => {
    const email = await newUser();
    await failTimes(12, email);
    const events = await database.prisma.auditEvent.findMany();
    expect(events).toEqual([
      expect.objectContaining({
        kind: "sign-in-locked",
        subject: email,
        detail: expect.objectContaining({ scope: "account", clientAddress: "203.0.113.5", failures: 10 }),
      }),
    ]);
    const lines = warnedLines();
    expect(lines.filter((line) => line.startsWith("Sign-in locked"))).toHaveLength(1);
    expect(lines.join("\n")).toContain(email);
    expect(lines.join("\n")).not.toMatch(/wrong \d/);
  });

  it("clears the account's failures on a successful sign-in", async () => {
    const email = await newUser();
    await failTimes(9, email);
    expect(await attempt(email, password)).toBe("signed-in");
    expect(
      await database.prisma.signInRateLimit.findUnique({ where: { key: `account:${email}` } }),
    ).toBeNull();
    expect(await failTimes(9, email)).toEqual(Array(9).fill("unauthorized"));
    expect(await attempt(email, password)).toBe("signed-in");
  });

  it("counts spellings of one email as one account", async () => {
    const email = await newUser();
    await failTimes(5, email.toUpperCase());
    await failTimes(5, ` ${email} `);
    expect(await attempt(email, password)).toBe("too_many_requests");
  });

  it("locks an email without an account the same way, so a lock reveals nothing", async () => {
    const unknown = `nobody-${randomUUID()}@example.test`;
    expect(await failTimes(11, unknown)).toEqual([...Array(10).fill("unauthorized"), "too_many_requests"]);
    expect(await database.prisma.auditEvent.count({ where: { subject: unknown } })).toBe(1);
  });

  it("lets the right password in again once the lock has ended", async () => {
    const email = await newUser();
    await failTimes(10, email);
    expect(await attempt(email, password)).toBe("too_many_requests");
    await database.prisma.signInRateLimit.updateMany({ data: { expire: new Date(Date.now() - 1000) } });
    expect(await attempt(email, password)).toBe("signed-in");
  });

  it("locks a client address that tries many accounts, whatever X-Forwarded-For it sends", async () => {
    const email = await newUser();
    for (let index = 0; index < 50; index++) {
      const headers = fromPeer("203.0.113.77", { "x-forwarded-for": `10.9.${index}.1` });
      expect(await attempt(`stuffing-${index}@example.test`, "guess", headers)).toBe("unauthorized");
    }
    const fromThatAddress = fromPeer("203.0.113.77", { "x-forwarded-for": "10.9.99.1" });
    expect(await attempt(email, password, fromThatAddress)).toBe("too_many_requests");
    expect(await attempt(email, password, fromPeer("198.51.100.20"))).toBe("signed-in");
    const events = await database.prisma.auditEvent.findMany({ where: { subject: "203.0.113.77" } });
    expect(events).toEqual([
      expect.objectContaining({ detail: expect.objectContaining({ scope: "client", failures: 50 }) }),
    ]);
  });

  it("limits by account alone when the client address is unknown", async () => {
    const email = await newUser();
    expect(await failTimes(10, email, new Headers({ "x-forwarded-for": "1.2.3.4" }))).toEqual(
      Array(10).fill("unauthorized"),
    );
    expect(await attempt(email, password, new Headers())).toBe("too_many_requests");
    const keys = (await database.prisma.signInRateLimit.findMany()).map((row) => row.key);
    expect(keys).toEqual([`account:${email}`]);
  });

  it("deletes counters nothing needs any more before counting a new attempt", async () => {
    // a window that opened an hour ago, a lock that ended an hour ago, a window open for 15 minutes
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await database.prisma.signInRateLimit.createMany({
      data: [
        { key: "account:stale@example.test", points: 3, expire: new Date(hourAgo.getTime() + 15 * 60_000) },
        { key: "account:lock-ended@example.test", points: 11, expire: hourAgo },
        { key: "account:recent@example.test", points: 2, expire: new Date(Date.now() + 15 * 60_000) },
      ],
    });
    await attempt(await newUser(), "wrong");
    const keys = (await database.prisma.signInRateLimit.findMany()).map((row) => row.key);
    expect(keys).toContain("account:recent@example.test");
    expect(keys).not.toContain("account:stale@example.test");
    expect(keys).not.toContain("account:lock-ended@example.test");
  });
});
