import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { auth } from "@/lib/auth/auth";
import { roleSchema } from "@/lib/auth/role-schema";
import { can, type Permission, type Role } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors";

export type CurrentUser = { id: string; name: string; email: string; role: Role };

/** The user of the session the request's cookies carry; null when signed out. */
export async function userFromHeaders(requestHeaders: Headers): Promise<CurrentUser | null> {
  const session = await auth.api.getSession({ headers: requestHeaders });
  if (!session) return null;
  const { id, name, email } = session.user;
  const role = roleSchema.catch("annotator").parse((session.user as { role?: unknown }).role);
  return { id, name, email, role };
}

/**
 * The signed-in user of the current request (pages, layouts, server actions). Asked once per
 * render: the layout and the page both need it, and each session lookup costs 2–3 ms of CPU and
 * two queries (React's cache() lasts one server request; outside a render it simply calls through).
 */
export const currentUser = cache(async (): Promise<CurrentUser | null> => userFromHeaders(await headers()));

/**
 * Throws AppError("forbidden") when the user's role does not grant `permission`. Route handlers
 * and server actions get their user through withRoute and serverAction (lib/http), which call it.
 */
/**
 * Who may call a route or run an action: anyone ("public"), any signed-in user ("signed-in"), or a
 * user whose role grants the permission.
 */
export type AccessRule = Permission | "signed-in" | "public";

/** Throws forbidden unless the signed-in user's role allows `access` ("signed-in" or none: any role). */
export function authorize(user: CurrentUser, access?: Exclude<AccessRule, "public">): void {
  const permission = access === "signed-in" ? undefined : access;
  if (permission && !can(user.role, permission)) {
    throw new AppError("forbidden", `Your role (${user.role}) cannot ${permission}.`);
  }
}

/** For pages: redirect to sign-in when signed out. */
export async function requirePageUser(permission?: Permission): Promise<CurrentUser> {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  if (permission && !can(user.role, permission)) redirect("/?denied=1");
  return user;
}
