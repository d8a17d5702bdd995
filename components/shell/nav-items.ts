import type { Role } from "@/lib/auth/roles";

export type NavItem = { href: string; label: string /** shown to this role only */; role?: Role };

export const navItems: NavItem[] = [
  { href: "/", label: "Overview" },
  { href: "/sets", label: "Golden sets" },
  { href: "/corpora", label: "Corpora" },
  { href: "/logs", label: "Query logs" },
  { href: "/runs", label: "Runs" },
  { href: "/jobs", label: "Jobs" },
  { href: "/admin/users", label: "Users", role: "admin" },
];

/** The items a user of `role` sees: every item without a role, and the items of theirs. */
export function navItemsFor(role: Role): NavItem[] {
  return navItems.filter((item) => item.role === undefined || item.role === role);
}

/** "/" is active only on itself; any other item is active on itself and every page below it. */
export function isActivePath(pathname: string, href: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}
