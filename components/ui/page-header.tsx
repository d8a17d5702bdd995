import type { ReactNode } from "react";
import { Link } from "@/components/ui/link";

type Breadcrumb = { href: string; label: string };

type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Ancestors of this page, outermost first; the page itself is the title. */
  breadcrumbs?: Breadcrumb[];
};

export function PageHeader({ title, description, actions, breadcrumbs }: PageHeaderProps) {
  return (
    <header className="mb-5">
      {breadcrumbs && breadcrumbs.length > 0 ? (
        <nav aria-label="Breadcrumb" className="mb-1.5">
          <ol className="flex flex-wrap items-center gap-1 text-xs text-zinc-500">
            {breadcrumbs.map((crumb, index) => (
              <li key={crumb.href} className="flex items-center gap-1">
                {/* between ancestors only: the title below is the page itself, not a crumb after a "/" */}
                {index > 0 ? (
                  <span aria-hidden="true" className="text-zinc-300">
                    /
                  </span>
                ) : null}
                <Link
                  href={crumb.href}
                  className="rounded hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  {crumb.label}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-semibold text-lg text-zinc-900 tracking-tight">{title}</h1>
          {description ? <p className="mt-0.5 max-w-3xl text-sm text-zinc-500">{description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
