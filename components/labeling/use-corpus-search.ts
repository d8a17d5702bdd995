import { useEffect, useState } from "react";
import type { CorpusSearchResult } from "@/lib/search/search-corpus";

export type CorpusSearchState =
  | { status: "idle" }
  | { status: "loading"; query: string }
  | { status: "done"; result: CorpusSearchResult }
  | { status: "error"; message: string };

/** Waits this long after the last keystroke before searching. */
const DEBOUNCE_MS = 150;

/**
 * The corpus search's typed query and what the set's search endpoint answered for it: asked
 * DEBOUNCE_MS after the last keystroke, an earlier request aborted when the query changes. A new
 * answer makes its first result the active one.
 */
export function useCorpusSearch(searchUrl: string) {
  const [query, setQuery] = useState("");
  const [state, setState] = useState<CorpusSearchState>({ status: "idle" });
  const [active, setActive] = useState(0);

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
  return { query, setQuery, state, results, active, setActive };
}
