import { useEffect } from "react";

/**
 * Writes the open document into the address (its `documentHref` parameters, `?doc=`) when the page
 * chose it by itself (the first labeled or best candidate), without a new request and keeping the
 * other parameters: the page then keeps showing this document after a label change re-renders it,
 * instead of choosing again — and a reload opens it too.
 */
export function usePinnedDocument(openId: string | null, documentHref: (documentId: string) => string) {
  useEffect(() => {
    if (openId === null) return;
    const current = new URL(window.location.href);
    const pinned = new URL(documentHref(openId), current);
    if (pinned.pathname !== current.pathname) return;
    let changed = false;
    for (const [key, value] of pinned.searchParams) {
      if (current.searchParams.has(key)) continue;
      current.searchParams.set(key, value);
      changed = true;
    }
    if (changed)
      window.history.replaceState(
        window.history.state,
        "",
        `${current.pathname}${current.search}${current.hash}`,
      );
  }, [openId, documentHref]);
}
