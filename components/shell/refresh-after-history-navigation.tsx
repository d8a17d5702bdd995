"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { takeUnrenderedWrite } from "./history-freshness";

/** Refreshes the page Back or Forward lands on when a write since then re-rendered nothing. */
export function RefreshAfterHistoryNavigation() {
  const router = useRouter();
  useEffect(() => {
    function onHistoryNavigation() {
      // after the router has restored the page from its cache: refresh that page
      if (takeUnrenderedWrite()) setTimeout(() => router.refresh(), 0);
    }
    window.addEventListener("popstate", onHistoryNavigation);
    return () => window.removeEventListener("popstate", onHistoryNavigation);
  }, [router]);
  return null;
}
