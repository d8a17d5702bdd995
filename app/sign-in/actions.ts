"use server";

import { APIError } from "better-auth/api";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { auth } from "@/lib/auth/auth";
import { signInWithPassword } from "@/lib/auth/sign-in-with-password";
import { serverFunction } from "@/lib/http/server-action";

const signInSchema = z.object({
  email: z.email("Enter a valid email"),
  password: z.string().min(1, "Enter your password"),
});

/** Called by the sign-in form; the session cookie is set on the response. */
export const signInAction = serverFunction(
  { access: "public", schema: signInSchema },
  async (credentials) => {
    await signInWithPassword(credentials, await headers());
  },
);

/** Ends the session (if any) and goes to the sign-in page; harmless when signed out. */
export async function signOutAction(): Promise<void> {
  await auth.api.signOut({ headers: await headers() }).catch((error: unknown) => {
    if (!(error instanceof APIError)) throw error; // no session: nothing to end
  });
  redirect("/sign-in");
}
