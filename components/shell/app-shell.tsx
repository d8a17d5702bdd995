import type { ReactNode } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { navItemsFor } from "./nav-items";
import { NavLink } from "./nav-link";
import { RefreshAfterHistoryNavigation } from "./refresh-after-history-navigation";

type Role = "admin" | "engineer" | "annotator";

type AppShellProps = {
  user: { name: string; email: string; role: Role };
  signOutAction: () => Promise<void>;
  /** A notice above everything, sidebar included (the demo accounts banner). */
  banner?: ReactNode;
  children: ReactNode;
};

const roleTones: Record<Role, BadgeTone> = { admin: "violet", engineer: "blue", annotator: "amber" };

/** Sidebar + scrolling main area. Server-compatible; only the nav links are client components. */
export function AppShell({ user, signOutAction, banner, children }: AppShellProps) {
  return (
    <div className="flex h-dvh flex-col overflow-hidden">
      <RefreshAfterHistoryNavigation />
      {banner}
      <div className="flex min-h-0 flex-1">
        <aside className="flex w-52 shrink-0 flex-col border-zinc-200 border-r bg-white">
          <Link
            href="/"
            className="flex h-12 items-center gap-2 px-4 font-semibold text-sm text-zinc-900 tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset"
          >
            <span
              aria-hidden="true"
              className="grid size-5 place-items-center rounded-md bg-brand-500 shadow-xs"
            >
              <span className="size-2 rounded-full bg-white" />
            </span>
            Goldenset
          </Link>
          <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 py-2">
            <ul className="space-y-0.5">
              {navItemsFor(user.role).map((item) => (
                <li key={item.href}>
                  <NavLink href={item.href} label={item.label} />
                </li>
              ))}
            </ul>
          </nav>
          <div className="border-zinc-200 border-t px-3 py-3">
            <p
              className="truncate font-medium text-sm text-zinc-900"
              title={user.name}
              data-testid="user-name"
            >
              {user.name}
            </p>
            <p className="truncate text-xs text-zinc-500" title={user.email}>
              {user.email}
            </p>
            <Link
              href="/settings/tokens"
              className="mt-1 block text-xs text-zinc-600 hover:text-zinc-900"
              data-testid="api-tokens-link"
            >
              API tokens
            </Link>
            <div className="mt-2 flex items-center justify-between gap-2">
              <Badge tone={roleTones[user.role]} data-testid="user-role">
                {user.role}
              </Badge>
              <form action={signOutAction}>
                <Button type="submit" variant="ghost" size="sm" data-testid="sign-out">
                  Sign out
                </Button>
              </form>
            </div>
          </div>
        </aside>
        <main className="relative min-w-0 flex-1 overflow-y-auto">
          <div className="mx-auto max-w-[1400px] px-6 py-6">{children}</div>
        </main>
      </div>
    </div>
  );
}
