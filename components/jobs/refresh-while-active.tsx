"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * Re-renders the server page every `intervalMs` while it is mounted: a page that shows work in
 * progress (a sweep's points, each its own job on whichever worker claimed it) renders this only
 * while that work is active, so the refresh that shows it finished is the last one.
 */
export function RefreshWhileActive({ intervalMs = 1_500 }: { intervalMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), intervalMs);
    return () => clearInterval(timer);
  }, [router, intervalMs]);
  return null;
}
