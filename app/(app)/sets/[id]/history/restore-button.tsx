"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { type ActionState, initialActionState } from "@/lib/http/action-state";

type RestoreLabelButtonProps = {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  /** What is restored, for screen readers: the quote or "whole document". */
  description: string;
};

/** Restores one deleted label; a conflict (an equal label exists now…) shows beside the button. */
export function RestoreLabelButton({ action, description }: RestoreLabelButtonProps) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  return (
    <form action={formAction} className="inline-flex items-center justify-end gap-2">
      {state.ok ? null : (
        <span role="alert" className="max-w-64 text-left text-xs text-red-600" data-testid="restore-error">
          {state.error}
        </span>
      )}
      <Button
        type="submit"
        size="sm"
        disabled={pending}
        aria-label={`Restore the deleted label ${description}`}
        data-testid="restore-label"
      >
        {pending ? "Restoring…" : "Restore"}
      </Button>
    </form>
  );
}
