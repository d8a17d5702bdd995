import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "@/lib/auth/auth";
import { can, type Permission, type Role, roleSchema } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors";

export type CurrentUser = { id: string; name: string; email: string; role: Role };

export async function currentUser(): Promise<CurrentUser | null> {
  const session = await auth.api.getSession({ headers: await headers() });
  if (!session) return null;
  const { id, name, email } = session.user;
  const role = roleSchema.catch("annotator").parse((session.user as { role?: unknown }).role);
  return { id, name, email, role };
}

/** For pages: redirect to sign-in when signed out. */
export async function requirePageUser(permission?: Permission): Promise<CurrentUser> {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  if (permission && !can(user.role, permission)) redirect("/?denied=1");
  return user;
}

/** For actions and route handlers: throw instead of redirecting. */
export async function requireUser(permission?: Permission): Promise<CurrentUser> {
  const user = await currentUser();
  if (!user) throw new AppError("unauthorized", "Sign in first.");
  if (permission && !can(user.role, permission)) {
    throw new AppError("forbidden", `Your role (${user.role}) cannot ${permission}.`);
  }
  return user;
}
