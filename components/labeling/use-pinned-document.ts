import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * Writes the open document into the address (its `documentHref` parameters, `?doc=`) when the page
 * chose it by itself (the first labeled or best candidate), keeping the other parameters: the page
 * then keeps showing this document after a label change re-renders it, instead of choosing again —
 * and a reload opens it too. A router replace, not `history.replaceState`: server actions re-render
 * the router's address, which only the router updates.
 */
export function usePinnedDocument(openId: string | null, documentHref: (documentId: string) => string) {
  const router = useRouter();
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
    if (changed) router.replace(`${current.pathname}${current.search}${current.hash}`, { scroll: false });
  }, [openId, documentHref, router]);
}
