"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatCountOf } from "@/components/ui/format-number";
import { type ActionState, initialActionState } from "@/lib/http/action-state";
import { useLatestAction } from "./latest-action";

type Removed = { removed: string[]; unattributedLabels: number };

type RemoveDemoAccountsFormProps = {
  /** Deletes every demo account, or answers why not (the admin is one; no other admin). */
  action: (state: ActionState<Removed>, formData: FormData) => Promise<ActionState<Removed>>;
  emails: string[];
  /** The signed-in admin is a demo account: say first what to do instead. */
  actorIsDemo: boolean;
};

/**
 * One button, then a confirmation that names what goes and what stays; after the removal (the page
 * reloads its data, this stays mounted) what was removed, and that there are none left.
 */
export function RemoveDemoAccountsForm({ action, emails, actorIsDemo }: RemoveDemoAccountsFormProps) {
  const [confirming, setConfirming] = useState(false);
  const latest = useLatestAction("remove-demo");
  const [state, formAction, pending] = useActionState<ActionState<Removed>, FormData>(
    latest.wrap(async (previous: ActionState<Removed>, formData: FormData) => {
      const next = await action(previous, formData);
      setConfirming(false); // answered: show the outcome, not the question again
      return next;
    }),
    initialActionState,
  );
  const accounts = formatCountOf(emails.length, "demo account");
  const done = state.ok && latest.isLatest ? state.data : undefined;
  if (emails.length === 0) {
    return (
      <div className="space-y-3">
        {done && done.removed.length > 0 ? (
          <Alert tone="success" data-testid="remove-demo-done">
            Removed {formatCountOf(done.removed.length, "demo account")} ({done.removed.join(", ")}).{" "}
            {formatCountOf(done.unattributedLabels, "label")} kept without an annotator.
          </Alert>
        ) : null}
        <p className="text-xs text-zinc-500" data-testid="no-demo-accounts">
          No demo accounts on this server: nobody can sign in with a published password.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {state.ok || !latest.isLatest ? null : (
        <Alert tone="error" data-testid="remove-demo-error">
          {state.error}
        </Alert>
      )}
      {actorIsDemo && state.ok ? (
        <p className="text-xs text-zinc-600">
          You are signed in as a demo account. Add your own admin with the form on this page, sign in as it,
          then remove the demo accounts here.
        </p>
      ) : null}
      {confirming ? (
        <form
          action={formAction}
          className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3"
          data-testid="remove-demo-confirm"
        >
          <p className="font-medium text-red-800 text-sm">Remove {accounts}?</p>
          <p className="text-red-800 text-xs">
            {emails.join(", ")} will be deleted and signed out everywhere. Their labels stay, without an
            annotator; the removal is recorded in the audit log. This cannot be undone.
          </p>
          <div className="flex gap-2 pt-1">
            <Button
              type="submit"
              variant="danger"
              size="sm"
              disabled={pending}
              data-testid="remove-demo-submit"
            >
              {pending ? "Removing…" : `Remove ${accounts}`}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)} disabled={pending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="remove-demo-start">
          Remove demo accounts…
        </Button>
      )}
    </div>
  );
}
