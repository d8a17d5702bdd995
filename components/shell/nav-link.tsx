"use client";

import { usePathname } from "next/navigation";
import { cx } from "@/components/ui/cx";
import { Link } from "@/components/ui/link";
import { isActivePath } from "./nav-items";

export function NavLink({ href, label }: { href: string; label: string }) {
  const pathname = usePathname();
  const active = isActivePath(pathname, href);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={cx(
        "flex h-7 items-center rounded-md px-2 text-sm transition-colors",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
        active
          ? "bg-zinc-100 font-medium text-zinc-900"
          : "text-zinc-600 hover:bg-zinc-50 hover:text-zinc-900",
      )}
    >
      <span
        aria-hidden="true"
        className={cx("mr-2 h-3.5 w-0.5 rounded-full", active ? "bg-brand-500" : "bg-transparent")}
      />
      {label}
    </Link>
  );
}
