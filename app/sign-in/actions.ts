"use server";

import { headers } from "next/headers";
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

export async function signOutAction(): Promise<void> {
  await auth.api.signOut({ headers: await headers() });
}
