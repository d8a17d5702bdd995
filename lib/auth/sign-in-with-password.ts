import { APIError } from "better-auth/api";
import { auth } from "@/lib/auth/auth";
import { verifyPassword } from "@/lib/auth/password";
import { throttlePasswordCheck } from "@/lib/auth/throttle-password-check";
import { db } from "@/lib/db/client";
import { findSignInAccount } from "@/lib/db/users";
import { AppError } from "@/lib/errors";

/**
 * Starts a session (better-auth sets its cookie on the current response) through the sign-in
 * throttle. `requestHeaders` are the request's (`await headers()` in a server action): they carry
 * the client's address. Wrong credentials, and anything else better-auth refuses, are one
 * AppError so the message does not tell which part was wrong; too many attempts are
 * "too_many_requests" with a message that says when to try again. A deactivated user with the
 * right password is told so ("forbidden"); with a wrong one, they get the wrong-credentials answer.
 */
export async function signInWithPassword(
  credentials: { email: string; password: string },
  requestHeaders: Headers,
): Promise<void> {
  const account = await findSignInAccount(db(), credentials.email);
  let deactivated = false;
  const outcome = await throttlePasswordCheck({ email: credentials.email, requestHeaders }, async () => {
    if (account?.deactivatedAt) {
      const hash = account.accounts[0]?.password;
      deactivated = hash ? await verifyPassword({ hash, password: credentials.password }) : false;
      return false;
    }
    try {
      await auth.api.signInEmail({ body: credentials, headers: requestHeaders });
      return true;
    } catch (error) {
      if (error instanceof APIError) return false;
      throw error;
    }
  });
  if (outcome.throttled) throw new AppError("too_many_requests", outcome.message);
  if (deactivated) {
    throw new AppError("forbidden", "This account is deactivated. Ask an admin to reactivate it.");
  }
  if (!outcome.passed) throw new AppError("unauthorized", "Wrong email or password.");
}
