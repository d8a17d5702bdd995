import { can, type Permission, type Role } from "@/lib/auth/roles";

/** `permission`: shown only to the roles that have it (see lib/auth/roles.ts). */
export type NavItem = { href: string; label: string; permission?: Permission };

const navItems: NavItem[] = [
  { href: "/", label: "Overview" },
  { href: "/sets", label: "Golden sets" },
  { href: "/corpora", label: "Corpora" },
  { href: "/logs", label: "Query logs" },
  { href: "/runs", label: "Runs" },
  { href: "/judges", label: "Judges", permission: "evaluate" },
  { href: "/jobs", label: "Jobs" },
  { href: "/admin/users", label: "Users", permission: "admin" },
];

/** The items a user of `role` sees: every item without a permission, and those the role has. */
export function navItemsFor(role: Role): NavItem[] {
  return navItems.filter((item) => item.permission === undefined || can(role, item.permission));
}

/** "/" is active only on itself; any other item is active on itself and every page below it. */
export function isActivePath(pathname: string, href: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}
