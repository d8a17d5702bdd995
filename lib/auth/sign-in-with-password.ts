import { APIError } from "better-auth/api";
import { auth } from "@/lib/auth/auth";
import { throttlePasswordCheck } from "@/lib/auth/throttle-password-check";
import { AppError } from "@/lib/errors";

/**
 * Starts a session (better-auth sets its cookie on the current response) through the sign-in
 * throttle. `requestHeaders` are the request's (`await headers()` in a server action): they carry
 * the client's address. Wrong credentials, and anything else better-auth refuses, are one
 * AppError so the message does not tell which part was wrong; too many attempts are
 * "too_many_requests" with a message that says when to try again.
 */
export async function signInWithPassword(
  credentials: { email: string; password: string },
  requestHeaders: Headers,
): Promise<void> {
  const outcome = await throttlePasswordCheck({ email: credentials.email, requestHeaders }, async () => {
    try {
      await auth.api.signInEmail({ body: credentials, headers: requestHeaders });
      return true;
    } catch (error) {
      if (error instanceof APIError) return false;
      throw error;
    }
  });
  if (outcome.throttled) throw new AppError("too_many_requests", outcome.message);
  if (!outcome.passed) throw new AppError("unauthorized", "Wrong email or password.");
}
