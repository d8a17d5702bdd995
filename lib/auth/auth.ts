import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/auth/password-rules";
import { db, providerOfClient } from "@/lib/db/client";
import { isUserDeactivated } from "@/lib/db/users";
import { appUrl, authSecret } from "@/lib/env";

/**
 * better-auth owns sign-in and sessions (database sessions, signed cookies). Accounts are
 * created by the seed and by admins, so public sign-up is off.
 */
export const auth = betterAuth({
  appName: "Goldenset",
  secret: authSecret(),
  baseURL: { allowedHosts: ["localhost:*", "127.0.0.1:*", "[::1]:*"], fallback: appUrl() },
  database: prismaAdapter(db(), { provider: providerOfClient(db()) }),
  emailAndPassword: {
    enabled: true,
    disableSignUp: true,
    // the rule of newUserSchema, for any password better-auth itself sets (change, reset)
    minPasswordLength: MIN_PASSWORD_LENGTH,
    maxPasswordLength: MAX_PASSWORD_LENGTH,
    password: { hash: hashPassword, verify: verifyPassword },
  },
  user: {
    additionalFields: {
      role: { type: "string", required: false, defaultValue: "annotator", input: false },
    },
  },
  // a deactivated user gets no session, whichever way they sign in (lib/auth/administer-user.ts)
  databaseHooks: {
    session: {
      create: {
        before: async (session) => ((await isUserDeactivated(db(), session.userId)) ? false : undefined),
      },
    },
  },
  session: { expiresIn: 60 * 60 * 24 * 14, updateAge: 60 * 60 * 24 },
  // Password checks are limited per account and per client by lib/auth/throttle-password-check.ts
  // (429 with Retry-After). better-auth's own limiter keys on X-Forwarded-For, which any client
  // sets, and would answer first without Retry-After, so it stays out of sign-in.
  rateLimit: { customRules: { "/sign-in/email": false } },
  telemetry: { enabled: false },
  plugins: [nextCookies()],
});
