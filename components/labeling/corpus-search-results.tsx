"use client";

import { useEffect, useRef } from "react";
import { Link } from "@/components/ui/link";
import { cx } from "../ui/cx";
import { ExcerptText } from "./excerpt-text";
import type { CorpusSearchState } from "./use-corpus-search";

type CorpusSearchResultsProps = {
  /** The id the search input's aria-controls names; each result's link is `${listId}-${index}`. */
  listId: string;
  state: CorpusSearchState;
  /** The index of the result ↑/↓ moved to, which Enter opens. */
  active: number;
  documentHref: (documentId: string) => string;
  onOpen?: (documentId: string, span: { start: number; end: number }) => void;
};

/** What the corpus search found, or that it is searching, failed or found nothing. */
export function CorpusSearchResults({
  listId,
  state,
  active,
  documentHref,
  onOpen,
}: CorpusSearchResultsProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const results = state.status === "done" ? state.result.results : [];

  // ↑/↓ can move past the visible rows: keep the active result in view
  useEffect(() => {
    const item = listRef.current?.children[active];
    if (item instanceof HTMLElement) item.scrollIntoView({ block: "nearest" });
  }, [active]);

  return (
    <div id={listId} aria-live="polite" className="flex min-h-0 flex-col">
      {state.status === "loading" ? <p className="mt-1 text-[11px] text-zinc-400">Searching…</p> : null}
      {state.status === "error" ? <p className="mt-1 text-[11px] text-red-600">{state.message}</p> : null}
      {state.status === "done" && results.length === 0 ? (
        <p className="mt-1 text-[11px] text-zinc-500" data-testid="corpus-search-empty">
          No document contains these words. Try fewer or other words, or a document id.
        </p>
      ) : null}
      {results.length > 0 ? (
        <>
          <p className="mt-1 text-[11px] text-zinc-500" data-testid="corpus-search-count">
            {results.length.toLocaleString("en-US")} {results.length === 1 ? "document" : "documents"}, best
            first · ↑/↓ to move, Enter to open, Esc to clear
          </p>
          <ol
            ref={listRef}
            className="mt-1 max-h-[70dvh] min-h-0 flex-1 divide-y divide-zinc-100 overflow-y-auto rounded-md border border-zinc-200"
            data-testid="corpus-search-results"
          >
            {results.map((hit, index) => (
              <li key={hit.document.id}>
                <Link
                  id={`${listId}-${index}`}
                  href={documentHref(hit.document.id)}
                  onClick={(event) => {
                    if (!onOpen) return;
                    event.preventDefault();
                    onOpen(hit.document.id, hit.span);
                  }}
                  data-testid="corpus-search-result"
                  title={hit.document.title || hit.document.externalId}
                  data-active={index === active ? "true" : undefined}
                  className={cx(
                    "block px-2.5 py-2 hover:bg-zinc-50",
                    index === active && "bg-brand-50/60 shadow-[inset_2px_0_0_var(--color-brand-500)]",
                  )}
                >
                  <span className="block truncate font-medium text-[13px] text-zinc-900">
                    {hit.document.title || hit.document.externalId}
                    <span className="ml-1.5 font-mono font-normal text-[11px] text-zinc-400">
                      {hit.document.externalId}
                    </span>
                  </span>
                  <span className="mt-0.5 line-clamp-2 text-xs leading-normal">
                    <ExcerptText excerpt={hit.excerpt} />
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}
