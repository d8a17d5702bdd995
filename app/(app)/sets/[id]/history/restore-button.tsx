"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { type ActionState, initialActionState } from "@/lib/http/action-state";

type RestoreLabelButtonProps = {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  /** What is restored, for screen readers: the quote or "whole document". */
  description: string;
};

/** Restores one deleted label; a conflict (an equal label exists now…) shows under the button. */
export function RestoreLabelButton({ action, description }: RestoreLabelButtonProps) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  return (
    <form action={formAction} className="inline-flex flex-col items-end gap-1">
      <Button
        type="submit"
        size="sm"
        disabled={pending}
        aria-label={`Restore the deleted label ${description}`}
        data-testid="restore-label"
      >
        {pending ? "Restoring…" : "Restore"}
      </Button>
      {state.ok ? null : (
        <span role="alert" className="w-56 text-right text-xs text-red-600" data-testid="restore-error">
          {state.error}
        </span>
      )}
    </form>
  );
}
