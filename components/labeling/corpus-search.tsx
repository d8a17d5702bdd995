"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import type { CorpusSearchResult } from "@/lib/search/search-corpus";
import { cx } from "../ui/cx";
import { ExcerptText } from "./excerpt-text";

/** The id of the search input: the workspace's `/` key focuses it (focusCorpusSearch). */
export const CORPUS_SEARCH_INPUT_ID = "corpus-search";

/** Focuses the corpus search box, if one is on the page; true when it did. */
export function focusCorpusSearch(): boolean {
  const input = document.getElementById(CORPUS_SEARCH_INPUT_ID);
  if (!(input instanceof HTMLInputElement)) return false;
  input.focus();
  input.select();
  return true;
}

type CorpusSearchProps = {
  /** The set's search endpoint, `/api/sets/{id}/search` (GET ?q=). */
  searchUrl: string;
  /** Where a result links to: the workspace with `?doc=`. */
  documentHref: (documentId: string) => string;
  /** Called instead of following the link when given (e.g. to open the document in place). */
  onOpen?: (documentId: string, span: { start: number; end: number }) => void;
};

type State =
  | { status: "idle" }
  | { status: "loading"; query: string }
  | { status: "done"; result: CorpusSearchResult }
  | { status: "error"; message: string };

/** Waits this long after the last keystroke before searching. */
const DEBOUNCE_MS = 150;

/**
 * Full-text search of the set's corpus from the labeling workspace, for passages no pooled
 * configuration retrieved. ↑/↓ move through the results, Enter opens one, Escape clears.
 */
export function CorpusSearch({ searchUrl, documentHref, onOpen }: CorpusSearchProps) {
  const [query, setQuery] = useState("");
  const [state, setState] = useState<State>({ status: "idle" });
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const trimmed = query.trim();
    if (!trimmed) {
      setState({ status: "idle" });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState({ status: "loading", query: trimmed });
      try {
        const url = `${searchUrl}?${new URLSearchParams({ q: trimmed })}`;
        const response = await fetch(url, { signal: controller.signal });
        const body = await response.json();
        if (!response.ok) throw new Error(body?.error ?? `Search failed (${response.status}).`);
        setState({ status: "done", result: body as CorpusSearchResult });
        setActive(0);
      } catch (error) {
        if (controller.signal.aborted) return;
        setState({ status: "error", message: error instanceof Error ? error.message : "Search failed." });
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, searchUrl]);

  const results = state.status === "done" ? state.result.results : [];

  // ↑/↓ can move past the visible rows: keep the active result in view
  useEffect(() => {
    const item = listRef.current?.children[active];
    if (item instanceof HTMLElement) item.scrollIntoView({ block: "nearest" });
  }, [active]);

  function open(index: number) {
    const hit = results[index];
    if (!hit) return;
    if (onOpen) onOpen(hit.document.id, hit.span);
    else document.getElementById(`${listId}-${index}`)?.click();
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => Math.min(Math.max(current + step, 0), Math.max(results.length - 1, 0)));
    } else if (event.key === "Enter") {
      event.preventDefault();
      open(active);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setQuery("");
      event.currentTarget.blur();
    }
  }

  return (
    // While there are results they take most of the Candidates panel (up to 80% of it when the
    // panel has a height, 70% of the window when not); the candidates keep the rest.
    <div
      className={cx(
        "flex min-h-0 flex-col border-zinc-100 border-b px-3 py-2",
        results.length > 0 && "max-h-[80%] shrink",
      )}
    >
      <input
        id={CORPUS_SEARCH_INPUT_ID}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Search the corpus text  /"
        aria-label="Search the corpus text"
        aria-controls={listId}
        autoComplete="off"
        data-testid="corpus-search"
        className="w-full rounded-md border border-zinc-200 bg-white px-2 py-1 text-sm placeholder:text-zinc-400 focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500"
      />
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
    </div>
  );
}
