"use client";

import { useActionState } from "react";
import { Button, type ButtonVariant } from "@/components/ui/button";
import { type ActionState, initialActionState } from "@/lib/http/action-state";

type RunActionButtonProps = {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  label: string;
  pendingLabel: string;
  variant?: ButtonVariant;
  "data-testid"?: string;
};

/** One button that runs a server action bound to the run (pin, archive…); a refusal shows beside it. */
export function RunActionButton({
  action,
  label,
  pendingLabel,
  variant,
  "data-testid": testId,
}: RunActionButtonProps) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  return (
    <form action={formAction} className="inline-flex items-center gap-2">
      {state.ok ? null : (
        <span
          role="alert"
          className="max-w-64 text-right text-xs text-red-600"
          data-testid={testId ? `${testId}-error` : undefined}
        >
          {state.error}
        </span>
      )}
      <Button type="submit" size="sm" variant={variant} disabled={pending} data-testid={testId}>
        {pending ? pendingLabel : label}
      </Button>
    </form>
  );
}
