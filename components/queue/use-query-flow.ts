import { useRouter } from "next/navigation";
import { useEffect, useEffectEvent, useState, useTransition } from "react";
import { useServerState } from "@/components/labeling/use-server-state";
import { noteUnrenderedWrite } from "@/components/shell/history-freshness";
import { QUERY_LOCK_RENEW_SECONDS } from "@/lib/labeling/queue-schema";
import type { LockHolderView, ProgressRequest, QueryFlowProps } from "./types";
import { confirmLeave } from "./unsaved-edits";

/** While someone else holds the lock, the workspace asks this often, so their notice goes soon after they leave. */
const OTHER_LOCK_POLL_MS = 5_000;

export type ReasonKind = "skipped" | "cannot_judge";

/**
 * Drops the lock with a beacon: unlike a server action's fetch, it is sent even when the page
 * is being unloaded or replaced (a link, a reload, a closed tab).
 */
function sendRelease(url: string) {
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url)) return;
  fetch(url, { method: "POST", keepalive: true }).catch(() => undefined);
}

/**
 * The header's side of the queue: records progress (one write at a time) and then opens the
 * next query needing the annotator — reopen stays, and shows the status it answers through
 * `onStatus` without re-rendering the page — and holds the query's lock while the
 * workspace is open and visible: taken on opening and renewed every QUERY_LOCK_RENEW_SECONDS,
 * released when the annotator leaves the query (another page, a hidden or closed tab) and taken
 * again when the tab comes back. Someone else's lock is asked about every few seconds, so its
 * notice goes once they leave (their lock is then released, or runs out within a minute).
 */
export function useQueryFlow(flow: QueryFlowProps, queryId: string, onStatus: (status: string) => void) {
  const router = useRouter();
  const [myProgress, setMyProgress] = useServerState(flow.myProgress);
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<ReasonKind | null>(null);
  const [lock, setLock] = useState<(LockHolderView & { overlap: boolean }) | null>(flow.lock);

  function submit(request: ProgressRequest) {
    // typed text would be lost by the move to the next query: ask first (reopen stays here)
    if (request.action !== "reopen" && !confirmLeave()) return;
    setError(null);
    startTransition(async () => {
      try {
        const result = await flow.recordProgress(request);
        if (!result.ok) {
          setError(result.error);
          return;
        }
        noteUnrenderedWrite();
        setAsking(null);
        if (request.action !== "reopen") {
          router.push(flow.nextHref);
          return;
        }
        setMyProgress(null);
        if (result.data) onStatus(result.data.status);
      } catch {
        setError("Could not save. Check your connection and try again.");
      }
    });
  }

  const hold = useEffectEvent(async (): Promise<boolean> => {
    try {
      const result = await flow.holdLock({});
      if (!result.ok) return false;
      const holder = result.data?.holder ?? null;
      setLock(holder ? { ...holder, overlap: result.data?.overlap ?? false } : null);
      return holder !== null && !(result.data?.overlap ?? false);
    } catch {
      // offline for a moment: the lock runs out on its own and is taken again on the next renewal
      return false;
    }
  });
  const release = useEffectEvent(() => sendRelease(flow.releaseUrl));
  // biome-ignore lint/correctness/useExhaustiveDependencies: one lock per open query
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const renew = async () => {
      clearTimeout(timer);
      if (document.visibilityState !== "visible") return;
      const othersHold = await hold();
      if (stopped) return;
      timer = setTimeout(renew, othersHold ? OTHER_LOCK_POLL_MS : QUERY_LOCK_RENEW_SECONDS * 1000);
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") void renew();
      else {
        clearTimeout(timer);
        release();
      }
    };
    const onPageHide = () => release();
    // a page restored from the back-forward cache had its lock released on the way out
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void renew();
    };
    void renew();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
      release();
    };
  }, [queryId]);

  return {
    pending,
    error,
    dismissError: () => setError(null),
    asking,
    ask: (kind: ReasonKind | null) => {
      setError(null);
      setAsking(kind);
    },
    lock,
    myProgress,
    submit,
  };
}
