"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { type ActionState, initialActionState } from "@/lib/http/action-state";

type RevokeTokenButtonProps = {
  action: (state: ActionState<undefined>, formData: FormData) => Promise<ActionState<undefined>>;
  name: string;
};

/** Revokes at once (a token is cheap to make again); a failure is said beside the button. */
export function RevokeTokenButton({ action, name }: RevokeTokenButtonProps) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  return (
    <form action={formAction} className="flex items-center justify-end gap-2">
      {state.ok ? null : <span className="text-red-700 text-xs">{state.error}</span>}
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        disabled={pending}
        aria-label={`Revoke ${name}`}
        data-testid="revoke-token"
      >
        Revoke
      </Button>
    </form>
  );
}
