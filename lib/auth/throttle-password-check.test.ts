import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createAppTestDatabase } from "@/lib/auth/testing/app-test-database";
import { setUpThrottleTests } from "@/lib/auth/testing/throttle-test-hooks";

// The throttle's counting (rate-limiter-flexible on the SignInRateLimit table) on a real database,
// with stand-in password checks: what the pure counter functions were tested for before.
const database = createAppTestDatabase();
const { throttlePasswordCheck } = await import("@/lib/auth/throttle-password-check");
const { capturePeerAddresses, peerAddressHeaderName } = await import("@/lib/auth/peer-address");
capturePeerAddresses();

const peer = "203.0.113.5";

function fromPeer(address = peer): Headers {
  return new Headers({ [peerAddressHeaderName() ?? "missing"]: address });
}

let checks = 0;
const wrongPassword = async () => {
  checks++;
  return false;
};
const rightPassword = async () => {
  checks++;
  return true;
};

function attempt(email: string, check = wrongPassword, requestHeaders = fromPeer()) {
  return throttlePasswordCheck({ email, requestHeaders }, check);
}

async function failTimes(count: number, email: string, requestHeaders = fromPeer()): Promise<void> {
  for (let index = 0; index < count; index++) {
    expect(await attempt(email, wrongPassword, requestHeaders)).toEqual({ throttled: false, passed: false });
  }
}

const newEmail = () => `user-${randomUUID()}@example.test`;

const pointsOf = async (key: string) =>
  (await database.prisma.signInRateLimit.findUnique({ where: { key } }))?.points ?? null;

/** Moves the end of every window and lock into the past, as if they had run out. */
async function endWindowsAndLocks(): Promise<void> {
  await database.prisma.signInRateLimit.updateMany({ data: { expire: new Date(Date.now() - 1000) } });
}

const { warnedLines } = setUpThrottleTests(database);

beforeEach(() => {
  checks = 0;
});

describe("throttlePasswordCheck", () => {
  it("locks at the 10th failure, once, and refuses the next attempt unchecked, with Retry-After", async () => {
    const email = newEmail();
    await failTimes(9, email);
    expect(await database.prisma.auditEvent.count()).toBe(0);
    await failTimes(1, email);
    expect(await database.prisma.auditEvent.count()).toBe(1);
    checks = 0;
    const refused = await attempt(email, rightPassword);
    expect(refused).toMatchObject({
      throttled: true,
      message: "Too many sign-in attempts; try again in 15 minutes.",
    });
    expect(refused.throttled && refused.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(refused.throttled && refused.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(checks).toBe(0);
    expect(await database.prisma.auditEvent.count()).toBe(1);
  });

  it("lets 9 failures through without a lock", async () => {
    const email = newEmail();
    await failTimes(9, email);
    expect(await attempt(email, rightPassword)).toEqual({ throttled: false, passed: true });
    expect(await database.prisma.auditEvent.count()).toBe(0);
  });

  it("cuts 20 parallel wrong passwords at the limit: 10 checked, 10 refused, one lock recorded", async () => {
    const email = newEmail();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => attempt(email)));
    expect(checks).toBe(10);
    expect(outcomes.filter((outcome) => outcome.throttled)).toHaveLength(10);
    expect(await database.prisma.auditEvent.findMany()).toEqual([
      expect.objectContaining({
        kind: "sign-in-locked",
        subject: email,
        detail: expect.objectContaining({ scope: "account", failures: 10 }),
      }),
    ]);
    const lines = warnedLines();
    expect(lines.filter((line) => line.startsWith("Sign-in locked"))).toHaveLength(1);
    expect((await attempt(email, rightPassword)).throttled).toBe(true);
  });

  it("starts a new window once the old one has closed", async () => {
    const email = newEmail();
    await failTimes(9, email);
    await endWindowsAndLocks();
    await failTimes(1, email);
    expect(await pointsOf(`account:${email}`)).toBe(1);
  });

  it("starts afresh when a lock has ended", async () => {
    const email = newEmail();
    await failTimes(10, email);
    expect((await attempt(email, rightPassword)).throttled).toBe(true);
    await endWindowsAndLocks();
    await failTimes(1, email);
    expect(await pointsOf(`account:${email}`)).toBe(1);
    expect(await database.prisma.auditEvent.count()).toBe(1);
  });

  it("forgets an account's failures on success but only returns the attempt to the client address", async () => {
    const email = newEmail();
    await failTimes(2, email);
    expect(await attempt(email, rightPassword)).toEqual({ throttled: false, passed: true });
    expect(await pointsOf(`account:${email}`)).toBeNull();
    expect(await pointsOf(`client:${peer}`)).toBe(2);
    // A first attempt that succeeds leaves the address at zero, not below.
    const elsewhere = fromPeer("198.51.100.20");
    expect(await attempt(newEmail(), rightPassword, elsewhere)).toEqual({ throttled: false, passed: true });
    expect(await pointsOf("client:198.51.100.20")).toBe(0);
  });

  it("counts nothing on the account when the client address is locked", async () => {
    for (let index = 0; index < 50; index++) await attempt(newEmail());
    const email = newEmail();
    expect((await attempt(email, rightPassword)).throttled).toBe(true);
    expect(await pointsOf(`account:${email}`)).toBe(0);
    expect(await database.prisma.auditEvent.findMany()).toEqual([
      expect.objectContaining({
        subject: peer,
        detail: expect.objectContaining({ scope: "client", failures: 50 }),
      }),
    ]);
  });

  it("neither lifts nor restarts a lock when an attempt admitted before it succeeds", async () => {
    for (let index = 0; index < 49; index++) await attempt(newEmail());
    let started = false;
    let release: (passed: boolean) => void = () => {};
    const held = () =>
      new Promise<boolean>((resolve) => {
        started = true;
        release = resolve;
      });
    const lastAllowed = attempt(newEmail(), held);
    await vi.waitFor(() => expect(started).toBe(true));
    expect(await pointsOf(`client:${peer}`)).toBe(50);
    expect((await attempt(newEmail())).throttled).toBe(true);
    release(true);
    expect(await lastAllowed).toEqual({ throttled: false, passed: true });
    expect((await attempt(newEmail())).throttled).toBe(true);
    expect(await database.prisma.auditEvent.count()).toBe(1);
  });
});
