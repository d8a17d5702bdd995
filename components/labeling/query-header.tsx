import Link from "next/link";
import { Button, buttonClassName } from "@/components/ui/button";
import { Kbd } from "@/components/ui/kbd";
import { StatusBadge } from "@/components/ui/status-badge";
import type { LabelingWorkspaceProps, QueryStatus } from "./types";

type QueryHeaderProps = {
  query: LabelingWorkspaceProps["query"];
  previousHref: string | null;
  nextHref: string | null;
  pending: boolean;
  onStatus: (status: QueryStatus) => void;
};

function QueryLink({ href, label, hint }: { href: string | null; label: string; hint: string }) {
  if (!href) {
    return (
      <span
        aria-disabled="true"
        className={buttonClassName({ size: "sm", className: "pointer-events-none opacity-40" })}
      >
        {label}
      </span>
    );
  }
  return (
    <Link href={href} className={buttonClassName({ size: "sm" })} aria-keyshortcuts={hint}>
      {label} <Kbd>{hint.toUpperCase()}</Kbd>
    </Link>
  );
}

/** The query being labeled, its status, position in the set and what to do with it. */
export function QueryHeader({ query, previousHref, nextHref, pending, onStatus }: QueryHeaderProps) {
  const closed = query.status === "labeled" || query.status === "skipped" || query.status === "no_answer";
  return (
    <header className="rounded-lg border border-zinc-200 bg-white px-4 py-3 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="min-w-0 flex-1">
          <div className="mb-1 flex items-center gap-2 text-xs text-zinc-500">
            <span className="tabular-nums" data-testid="query-position">
              Query {query.position} / {query.total}
            </span>
            <StatusBadge status={query.status} data-testid="query-status" />
          </div>
          <h1
            className="break-words font-semibold text-xl text-zinc-900 tracking-tight"
            data-testid="query-text"
          >
            {query.text}
          </h1>
          {query.informationNeed ? (
            <p className="mt-1 max-w-3xl text-sm text-zinc-600">
              <span className="font-medium text-zinc-500">Need: </span>
              {query.informationNeed}
            </p>
          ) : (
            <p className="mt-1 text-sm text-zinc-400 italic">No information need written for this query.</p>
          )}
        </div>
        <div className="flex flex-col items-end gap-2">
          <nav aria-label="Queries" className="flex items-center gap-1.5">
            <QueryLink href={previousHref} label="Previous" hint="p" />
            <QueryLink href={nextHref} label="Next" hint="n" />
          </nav>
          <div className="flex items-center gap-1.5">
            {closed ? (
              <Button size="sm" variant="ghost" disabled={pending} onClick={() => onStatus("in_progress")}>
                Reopen
              </Button>
            ) : null}
            <Button
              size="sm"
              disabled={pending}
              onClick={() => onStatus("no_answer")}
              data-testid="mark-no-answer"
            >
              No answer in corpus
            </Button>
            <Button
              size="sm"
              disabled={pending}
              onClick={() => onStatus("skipped")}
              aria-keyshortcuts="s"
              data-testid="mark-skipped"
            >
              Skip <Kbd>S</Kbd>
            </Button>
            <Button
              size="sm"
              variant="primary"
              disabled={pending}
              onClick={() => onStatus("labeled")}
              aria-keyshortcuts="d"
              data-testid="mark-labeled"
            >
              Done <Kbd tone="dark">D</Kbd>
            </Button>
          </div>
        </div>
      </div>
    </header>
  );
}
