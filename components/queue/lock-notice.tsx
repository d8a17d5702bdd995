import { Alert } from "@/components/ui/alert";
import type { LockHolderView } from "./types";

/**
 * Another annotator has this query open. Overlap queries (assigned to several annotators for
 * agreement) are meant to be judged side by side; any other lock keeps the query out of other
 * annotators' queues while its holder has it open. The notice is live: the workspace asks every
 * few seconds (use-query-flow.ts) and drops it once they leave, or their lock lapses (a minute
 * without renewal), taking the lock for the annotator looking at it.
 */
export function LockNotice({ lock }: { lock: LockHolderView & { overlap: boolean } }) {
  return (
    <Alert tone={lock.overlap ? "info" : "warning"} compact className="mt-3" data-testid="lock-notice">
      {lock.overlap ? (
        <>
          {lock.name} is judging this query too: it is assigned to several annotators to measure agreement, so
          judge it on your own.
        </>
      ) : (
        <>
          {lock.name} has this query open right now. “Next” passes it by for others while they do; label here
          only if you agreed to. This notice goes away when they leave it.
        </>
      )}
    </Alert>
  );
}
