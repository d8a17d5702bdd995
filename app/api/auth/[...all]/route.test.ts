import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createUserWithPassword } from "@/lib/auth/create-user";
import { createAppTestDatabase, signInAs } from "@/lib/auth/testing/app-test-database";

// better-auth's real HTTP handler behind the route, on a real SQLite file. Requests carry the
// socket address the way the server records it (capturePeerAddresses), so the per-client limit
// sees a peer; X-Forwarded-For is whatever the "client" chose.
const database = createAppTestDatabase();
const { GET, POST } = await import("./route");
const { auth } = await import("@/lib/auth/auth");
const { capturePeerAddresses, peerAddressHeaderName } = await import("@/lib/auth/peer-address");
const { servedAuthEndpoints } = await import("@/lib/http/auth-endpoints");
capturePeerAddresses();

const password = "the right password";
const peer = "203.0.113.5";

type Options = { peer?: string; forwardedFor?: string; cookie?: string; contentType?: string };

function post(path: string, body: Record<string, unknown>, options: Options = {}): Promise<Response> {
  const form = options.contentType === "application/x-www-form-urlencoded";
  const headers = new Headers({
    "content-type": options.contentType ?? "application/json",
    [peerAddressHeaderName() ?? "missing"]: options.peer ?? peer,
  });
  if (options.forwardedFor) headers.set("x-forwarded-for", options.forwardedFor);
  if (options.cookie) headers.set("cookie", options.cookie);
  const encoded = form
    ? new URLSearchParams(body as Record<string, string>).toString()
    : JSON.stringify(body);
  return POST(
    new Request(`http://localhost:3000/api/auth${path}`, { method: "POST", headers, body: encoded }),
  );
}

function signIn(email: string, tried: string, options: Options = {}): Promise<Response> {
  return post("/sign-in/email", { email, password: tried }, options);
}

async function newUser(): Promise<string> {
  const email = `user-${randomUUID()}@example.test`;
  await createUserWithPassword(database.prisma, { name: "Test", email, password, role: "annotator" });
  return email;
}

async function statusesOf(responses: Promise<Response>[]): Promise<number[]> {
  return (await Promise.all(responses)).map((response) => response.status);
}

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(async () => {
  vi.restoreAllMocks();
  delete process.env.GOLDENSET_TRUSTED_PROXIES;
  await database.prisma.signInRateLimit.deleteMany();
  await database.prisma.auditEvent.deleteMany();
});

afterAll(async () => {
  await database.dispose();
});

describe("POST /api/auth/sign-in/email", () => {
  it("answers 429 with Retry-After after 10 wrong passwords, even to the right one", async () => {
    const email = await newUser();
    for (let index = 0; index < 10; index++) expect((await signIn(email, `wrong ${index}`)).status).toBe(401);
    const refused = await signIn(email, password);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await refused.json()).toEqual({
      error: "Too many sign-in attempts; try again in 15 minutes.",
      code: "too_many_requests",
    });
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(
      await database.prisma.auditEvent.count({ where: { kind: "sign-in-locked", subject: email } }),
    ).toBe(1);
  });

  it("is not evaded by a different X-Forwarded-For on every request when no proxy is trusted", async () => {
    const email = await newUser();
    for (let index = 0; index < 10; index++) {
      const response = await signIn(email, `wrong ${index}`, { forwardedFor: `10.0.${index}.1` });
      expect(response.status).toBe(401);
    }
    expect((await signIn(email, password, { forwardedFor: "10.0.200.1" })).status).toBe(429);
    // Many accounts from one socket address: the client is counted by its socket, not its header.
    for (let index = 0; index < 40; index++) {
      const response = await signIn(`stuffing-${index}@example.test`, "guess", {
        forwardedFor: `10.1.${index}.1`,
      });
      expect(response.status).toBe(401);
    }
    const other = await newUser();
    expect((await signIn(other, password, { forwardedFor: "10.2.0.1" })).status).toBe(429);
    expect((await signIn(other, password, { peer: "198.51.100.20" })).status).toBe(200);
    const clientKeys = (
      await database.prisma.signInRateLimit.findMany({ where: { key: { startsWith: "client:" } } })
    )
      .map((row) => row.key)
      .sort();
    expect(clientKeys).toEqual(["client:198.51.100.20", `client:${peer}`]);
  });

  it("believes X-Forwarded-For from a trusted proxy: its right-most untrusted address is the client", async () => {
    process.env.GOLDENSET_TRUSTED_PROXIES = "203.0.113.0/24";
    const email = await newUser();
    const response = await signIn(email, "wrong", { forwardedFor: "6.6.6.6, 198.51.100.9" });
    expect(response.status).toBe(401);
    for (let index = 0; index < 49; index++) {
      await signIn(`stuffing-${index}@example.test`, "guess", {
        forwardedFor: `1.1.1.${index}, 198.51.100.9`,
      });
    }
    // 198.51.100.9 is locked; another client behind the same proxy is not.
    expect((await signIn(email, password, { forwardedFor: "198.51.100.9" })).status).toBe(429);
    expect((await signIn(email, password, { forwardedFor: "198.51.100.10" })).status).toBe(200);
    const clientKeys = (
      await database.prisma.signInRateLimit.findMany({ where: { key: { startsWith: "client:" } } })
    )
      .map((row) => row.key)
      .sort();
    expect(clientKeys).toEqual(["client:198.51.100.10", "client:198.51.100.9"]);
    // A request that did not come through the proxy: its header is not believed.
    await signIn(email, "wrong", { peer: "192.0.2.50", forwardedFor: "198.51.100.77" });
    expect(await database.prisma.signInRateLimit.count({ where: { key: "client:192.0.2.50" } })).toBe(1);
    expect(await database.prisma.signInRateLimit.count({ where: { key: "client:198.51.100.77" } })).toBe(0);
  });

  it("cuts a parallel burst at the limit: no more than 10 passwords are checked", async () => {
    const email = await newUser();
    const statuses = await statusesOf(
      Array.from({ length: 30 }, (_, index) => signIn(email, `wrong ${index}`)),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    expect((await signIn(email, password)).status).toBe(429);
    expect(await database.prisma.auditEvent.count({ where: { subject: email } })).toBe(1);
  });

  it("counts form posts against the same account, and refuses bodies it cannot read", async () => {
    const email = await newUser();
    const form = { contentType: "application/x-www-form-urlencoded" };
    for (let index = 0; index < 10; index++) await signIn(email, `wrong ${index}`, form);
    expect((await signIn(email, password)).status).toBe(429);
    expect((await signIn(email, password, { contentType: "text/plain" })).status).toBe(415);
    expect((await post("/sign-in/email", { password })).status).toBe(400);
  });

  it("signs in with the right password and clears the account's failures", async () => {
    const email = await newUser();
    for (let index = 0; index < 9; index++) await signIn(email, `wrong ${index}`);
    const response = await signIn(email, password);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toMatch(/session_token=/);
    expect(await database.prisma.signInRateLimit.count({ where: { key: `account:${email}` } })).toBe(0);
  });
});

describe("the other better-auth endpoints", () => {
  // Each of these checks a password (or would set one); the app never calls them over HTTP.
  const passwordEndpoints = ["/change-password", "/delete-user", "/verify-password", "/sign-up/email"];

  it("refuses every endpoint that checks a password besides sign-in with 404, even with a session", async () => {
    const { cookie } = await signInAs("admin");
    const body = {
      currentPassword: password,
      newPassword: "another long password",
      password,
      email: "x@y.z",
    };
    for (const path of passwordEndpoints) {
      const response = await post(path, body, { cookie });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: "Not found.", code: "not_found" });
    }
  });

  it("serves only the listed endpoints: every other better-auth path answers 404", async () => {
    const paths = Object.values(auth.api)
      .map((endpoint) => (endpoint as { path?: unknown }).path)
      .filter((path): path is string => typeof path === "string")
      .map((path) => path.replace(/:\w+/g, "x"));
    for (const path of passwordEndpoints) expect(paths).toContain(path);
    for (const path of paths) {
      const url = `http://localhost:3000/api/auth${path}`;
      if (!servedAuthEndpoints.GET.includes(path))
        expect((await GET(new Request(url))).status, path).toBe(404);
      if (!servedAuthEndpoints.POST.includes(path)) {
        expect((await POST(new Request(url, { method: "POST", body: "{}" }))).status, path).toBe(404);
      }
    }
  });

  it("still serves session reads and sign-out", async () => {
    const { cookie } = await signInAs("engineer");
    const session = await GET(
      new Request("http://localhost:3000/api/auth/get-session", { headers: { cookie } }),
    );
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ user: { role: "engineer" } });
    expect((await GET(new Request("http://localhost:3000/api/auth/ok"))).status).toBe(200);
    expect((await post("/sign-out", {}, { cookie })).status).toBe(200);
  });
});
