"use client";

import { useId } from "react";
import { cx } from "../ui/cx";
import { CorpusSearchResults } from "./corpus-search-results";
import { useCorpusSearch } from "./use-corpus-search";

/** The id of the search input: the workspace's `/` key focuses it (focusSearchBox). */
export const CORPUS_SEARCH_INPUT_ID = "corpus-search";

type CorpusSearchProps = {
  /** The set's search endpoint, `/api/sets/{id}/search` (GET ?q=). */
  searchUrl: string;
  /** Where a result links to: the workspace with `?doc=`. */
  documentHref: (documentId: string) => string;
  /** Called instead of following the link when given (e.g. to open the document in place). */
  onOpen?: (documentId: string, span: { start: number; end: number }) => void;
};

/**
 * Full-text search of the set's corpus from the labeling workspace, for passages no pooled
 * configuration retrieved. ↑/↓ move through the results, Enter opens one, Escape clears.
 */
export function CorpusSearch({ searchUrl, documentHref, onOpen }: CorpusSearchProps) {
  const { query, setQuery, state, results, active, setActive } = useCorpusSearch(searchUrl);
  const listId = useId();

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
      <CorpusSearchResults
        listId={listId}
        state={state}
        active={active}
        documentHref={documentHref}
        onOpen={onOpen}
      />
    </div>
  );
}
