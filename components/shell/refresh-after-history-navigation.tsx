"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { takeUnrenderedWrite } from "./history-freshness";

/** How long to wait for Back or Forward to show a page of another address before refreshing anyway. */
const SAME_ADDRESS_FALLBACK_MS = 300;

/**
 * Refreshes the page Back or Forward lands on when a write since then re-rendered nothing. The
 * refresh waits until the router has shown the restored page (its address is rendered): a refresh
 * sent at the popstate itself could reach the server for the page being left, and the restore
 * then put the stale cached page back.
 */
export function RefreshAfterHistoryNavigation() {
  const router = useRouter();
  const address = `${usePathname()}?${useSearchParams().toString()}`;
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const shown = useRef(address);

  useEffect(() => {
    function onHistoryNavigation() {
      if (!takeUnrenderedWrite()) return;
      // an entry of the same address renders no new one: refresh after a moment all the same
      pending.current = setTimeout(() => {
        pending.current = null;
        router.refresh();
      }, SAME_ADDRESS_FALLBACK_MS);
    }
    window.addEventListener("popstate", onHistoryNavigation);
    return () => window.removeEventListener("popstate", onHistoryNavigation);
  }, [router]);

  // the restored page's address is rendered: refresh it now
  useEffect(() => {
    if (shown.current === address) return;
    shown.current = address;
    if (pending.current === null) return;
    clearTimeout(pending.current);
    pending.current = null;
    router.refresh();
  }, [address, router]);

  return null;
}
