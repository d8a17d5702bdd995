"use client";

import { useActionState } from "react";
import { Button, type ButtonVariant } from "@/components/ui/button";
import { type ActionState, initialActionState } from "@/lib/http/action-state";

type JudgeActionButtonProps = {
  /** A server action bound to what it acts on (a judge, a job); it takes no other input. */
  action: (state: ActionState<undefined>, formData: FormData) => Promise<ActionState<undefined>>;
  label: string;
  pendingLabel: string;
  /** Spoken name, e.g. "Archive gpt judge v2". */
  ariaLabel?: string;
  variant?: ButtonVariant;
  "data-testid"?: string;
};

/** One button that runs one bound action (archive, cancel, resume); a failure is said beside it. */
export function JudgeActionButton(props: JudgeActionButtonProps) {
  const [state, formAction, pending] = useActionState(props.action, initialActionState);
  return (
    <form action={formAction} className="inline-flex items-center justify-end gap-2">
      {state.ok ? null : (
        <span role="alert" className="text-red-700 text-xs">
          {state.error}
        </span>
      )}
      <Button
        type="submit"
        variant={props.variant ?? "secondary"}
        size="sm"
        disabled={pending}
        aria-label={props.ariaLabel}
        data-testid={props["data-testid"]}
      >
        {pending ? props.pendingLabel : props.label}
      </Button>
    </form>
  );
}
