import { useRouter } from "next/navigation";
import { useEffect, useEffectEvent, useState, useTransition } from "react";
import type { LockHolderView, ProgressRequest, QueryFlowProps } from "./types";

/** The workspace renews its lock this often; the lock itself lasts 10 minutes (QUERY_LOCK_MINUTES). */
const LOCK_RENEW_MS = 3 * 60_000;

export type ReasonKind = "skipped" | "cannot_judge";

/**
 * The header's side of the queue: records progress (one write at a time) and then opens the
 * next query needing the annotator — reopen stays — and holds the query's lock while the
 * workspace is open (taken on opening, renewed every few minutes, released on leaving).
 */
export function useQueryFlow(flow: QueryFlowProps, queryId: string) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<ReasonKind | null>(null);
  const [lock, setLock] = useState<(LockHolderView & { overlap: boolean }) | null>(flow.lock);

  function submit(request: ProgressRequest) {
    setError(null);
    startTransition(async () => {
      try {
        const result = await flow.recordProgress(request);
        if (!result.ok) {
          setError(result.error);
          return;
        }
        setAsking(null);
        if (request.action === "reopen") router.refresh();
        else router.push(flow.nextHref);
      } catch {
        setError("Could not save. Check your connection and try again.");
      }
    });
  }

  const hold = useEffectEvent(async () => {
    try {
      const result = await flow.holdLock({});
      if (!result.ok) return;
      const holder = result.data?.holder ?? null;
      setLock(holder ? { ...holder, overlap: result.data?.overlap ?? false } : null);
    } catch {
      // offline for a moment: the lock runs out on its own and is taken again on the next renewal
    }
  });
  const release = useEffectEvent(() => {
    flow.releaseLock({}).catch(() => undefined);
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: one lock per open query
  useEffect(() => {
    void hold();
    const timer = setInterval(() => void hold(), LOCK_RENEW_MS);
    return () => {
      clearInterval(timer);
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
    submit,
  };
}
