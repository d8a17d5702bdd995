import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import type { ActionState } from "@/lib/http/action-state";

/**
 * The Save button of a set's setting card (for roles that may change it) and what the last save
 * said: the confirmation once it is done, or the action's error.
 */
export function SettingSave<Data>({
  state,
  pending,
  canSave,
  saveTestId,
  saved,
  className,
}: {
  state: ActionState<Data>;
  pending: boolean;
  canSave: boolean;
  saveTestId: string;
  /** The confirmation, from what the action returned. */
  saved: (data: Data) => ReactNode;
  /** Extra classes of the confirmation and the error, e.g. to line them up with an input. */
  className?: string;
}) {
  return (
    <>
      {canSave ? (
        <Button type="submit" size="sm" disabled={pending} data-testid={saveTestId}>
          {pending ? "Saving…" : "Save"}
        </Button>
      ) : null}
      {state.ok ? (
        state.data && !pending ? (
          <span role="status" className={cx("text-xs text-emerald-700", className)}>
            {saved(state.data)}
          </span>
        ) : null
      ) : (
        <span role="alert" className={cx("text-xs text-red-600", className)}>
          {state.error}
        </span>
      )}
    </>
  );
}
