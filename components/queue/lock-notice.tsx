import { Alert } from "@/components/ui/alert";
import { formatDateTime } from "@/components/ui/format-date";
import type { LockHolderView } from "./types";

/**
 * Another annotator has this query open. Overlap queries (assigned to several annotators for
 * agreement) are meant to be judged side by side; any other lock keeps the query out of other
 * annotators' queues until it runs out.
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
          {lock.name} is working on this query (locked until {formatDateTime(lock.until)}). “Next” passes it
          by for others; label here only if you agreed to.
        </>
      )}
    </Alert>
  );
}
