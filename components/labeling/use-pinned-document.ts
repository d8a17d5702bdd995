import { useEffect } from "react";

/**
 * Writes the open document into the address (its `documentHref` parameters, `?doc=`) when the page
 * chose it by itself (the first labeled or best candidate), keeping the other parameters: a later
 * render of the page (a refresh where holes are counted, Back and Forward) then keeps showing this
 * document instead of choosing again — and a reload opens it too.
 *
 * `history.replaceState`, not a router replace: the page already shows this document, so nothing
 * needs rendering, and Next.js folds the native history call into its router (the address,
 * `useSearchParams`). A router replace fetched the page again, and a label action answered while
 * that fetch was under way made the router drop the next link the annotator clicked.
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
    if (changed) window.history.replaceState(null, "", current);
  }, [openId, documentHref]);
}
