export type NavItem = { href: string; label: string };

export const navItems: NavItem[] = [
  { href: "/", label: "Overview" },
  { href: "/sets", label: "Golden sets" },
  { href: "/corpora", label: "Corpora" },
  { href: "/logs", label: "Query logs" },
  { href: "/runs", label: "Runs" },
  { href: "/jobs", label: "Jobs" },
];

/** "/" is active only on itself; any other item is active on itself and every page below it. */
export function isActivePath(pathname: string, href: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}
