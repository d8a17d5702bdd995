import { formatCount } from "@/components/ui/format-number";
import { Link } from "@/components/ui/link";
import { listHref } from "./page-helpers";

type ListPagerProps = {
  pathname: string;
  /** Params to keep on every page link, e.g. `{ q }`. */
  params: Record<string, string | undefined>;
  page: number;
  pageSize: number;
  total: number;
  /** "documents", "queries" */
  noun: string;
};

// TODO(components): move to components/ui once a shared pager exists there.
/** "1–100 of 2,345 documents · Previous · Next" under a paged table. */
export function ListPager({ pathname, params, page, pageSize, total, noun }: ListPagerProps) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const linkClass =
    "inline-flex h-7 items-center rounded-md border border-zinc-200 bg-white px-2.5 text-xs font-medium text-zinc-700 shadow-xs hover:bg-zinc-50";
  const disabledClass =
    "inline-flex h-7 items-center rounded-md border border-zinc-100 bg-zinc-50 px-2.5 text-xs font-medium text-zinc-400";
  return (
    <nav
      aria-label="Pages"
      className="flex items-center justify-between gap-3 border-zinc-100 border-t px-4 py-2"
    >
      <p className="text-xs text-zinc-500 tabular-nums">
        {formatCount(first)}–{formatCount(last)} of {formatCount(total)} {noun}
        {pages > 1 ? ` · page ${formatCount(page)} of ${formatCount(pages)}` : ""}
      </p>
      {pages > 1 ? (
        <div className="flex items-center gap-1.5">
          {page > 1 ? (
            <Link href={listHref(pathname, { ...params, page: page - 1 })} className={linkClass} rel="prev">
              Previous
            </Link>
          ) : (
            <span className={disabledClass}>Previous</span>
          )}
          {page < pages ? (
            <Link href={listHref(pathname, { ...params, page: page + 1 })} className={linkClass} rel="next">
              Next
            </Link>
          ) : (
            <span className={disabledClass}>Next</span>
          )}
        </div>
      ) : null}
    </nav>
  );
}
