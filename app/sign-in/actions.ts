"use server";

import { APIError } from "better-auth/api";
import { headers } from "next/headers";
import { z } from "zod";
import { auth } from "@/lib/auth/auth";

const signInSchema = z.object({
  email: z.email("Enter a valid email"),
  password: z.string().min(1, "Enter your password"),
});

export async function signInAction(input: { email: string; password: string }): Promise<{ error?: string }> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Invalid input" };
  try {
    await auth.api.signInEmail({ body: parsed.data, headers: await headers() });
    return {};
  } catch (error) {
    if (error instanceof APIError) return { error: "Wrong email or password." };
    throw error;
  }
}

export async function signOutAction(): Promise<void> {
  await auth.api.signOut({ headers: await headers() });
}
