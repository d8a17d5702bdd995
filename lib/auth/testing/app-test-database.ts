import { randomUUID } from "node:crypto";
import { createUserWithPassword } from "@/lib/auth/create-user";
import type { Role } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing/test-database";

/**
 * A fresh SQLite file that becomes the app's database: db() and better-auth open it, so route
 * handlers and sessions run for real in a test. Call it at the top of a test file, before anything
 * imports lib/auth/auth or calls db() (import those with `await import(…)` after it): both read
 * DATABASE_URL once. The auth secret is generated next to the file and removed with it.
 */
export function createAppTestDatabase() {
  const database = createTestDatabase();
  process.env.DATABASE_URL = database.url;
  return {
    prisma: database.prisma,
    dispose: async () => {
      await db().$disconnect();
      await database.dispose();
    },
  };
}

/**
 * Creates a user with `role` and signs in through better-auth, as the sign-in form does. Returns
 * the `Cookie` header value that carries the session.
 */
export async function signInAs(role: Role): Promise<{ userId: string; cookie: string }> {
  const { auth } = await import("@/lib/auth/auth");
  const email = `${role}-${randomUUID()}@example.test`;
  const password = "a long test password";
  const userId = await createUserWithPassword(db(), { name: `Test ${role}`, email, password, role });
  const response = await auth.api.signInEmail({ body: { email, password }, asResponse: true });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  return { userId, cookie };
}
