"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import type { Role } from "@/lib/auth/roles";
import { type ActionState, fieldErrorsOf, initialActionState } from "@/lib/http/action-state";
import { useLatestAction } from "./latest-action";

type Action<Data = undefined> = (state: ActionState<Data>, formData: FormData) => Promise<ActionState<Data>>;

type UserActionsProps = {
  user: { id: string; name: string; email: string; role: Role; active: boolean };
  /** Answers the role now held. */
  changeRole: Action<{ role: Role }>;
  /** Answers whether the user is now active. */
  setActive: Action<{ active: boolean }>;
  resetPassword: Action;
};

function Failure<Data>({ state, testId }: { state: ActionState<Data>; testId: string }) {
  if (state.ok) return null;
  const password = fieldErrorsOf(state, "password")?.join("; ");
  return (
    <Alert tone="error" data-testid={testId}>
      {password ?? state.error}
    </Alert>
  );
}

/**
 * One user's controls on the admin users page: role, deactivate/reactivate, reset password. The
 * server refuses what would lock the server out (own role, own account, the last admin).
 */
export function UserActions({ user, changeRole, setActive, resetPassword }: UserActionsProps) {
  const role = useLatestAction(`${user.id}:role`);
  const active = useLatestAction(`${user.id}:active`);
  const reset = useLatestAction(`${user.id}:reset`);
  const [roleState, roleAction, rolePending] = useActionState(role.wrap(changeRole), initialActionState);
  const [activeState, activeAction, activePending] = useActionState(
    active.wrap(setActive),
    initialActionState,
  );
  const [resetting, setResetting] = useState(false);
  const [resetState, resetAction, resetPending] = useActionState<ActionState, FormData>(
    reset.wrap(async (previous: ActionState, formData: FormData) => {
      const next = await resetPassword(previous, formData);
      if (next.ok) setResetting(false);
      return next;
    }),
    initialActionState,
  );
  return (
    <div className="space-y-1.5" data-testid="user-actions">
      <div className="flex flex-wrap items-center gap-2">
        <form action={roleAction} className="flex items-center gap-1">
          <input type="hidden" name="userId" value={user.id} />
          <Select
            key={user.role}
            name="role"
            defaultValue={user.role}
            aria-label={`Role of ${user.email}`}
            className="h-7 py-0 text-xs"
            data-testid="user-role-select"
          >
            <option value="annotator">annotator</option>
            <option value="engineer">engineer</option>
            <option value="admin">admin</option>
          </Select>
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            disabled={rolePending}
            data-testid="user-role-save"
          >
            {rolePending ? "Saving…" : "Set role"}
          </Button>
        </form>
        <form action={activeAction}>
          <input type="hidden" name="userId" value={user.id} />
          <input type="hidden" name="active" value={user.active ? "false" : "true"} />
          <Button
            type="submit"
            size="sm"
            variant={user.active ? "ghost" : "secondary"}
            disabled={activePending}
            data-testid={user.active ? "user-deactivate" : "user-reactivate"}
          >
            {user.active ? "Deactivate" : "Reactivate"}
          </Button>
        </form>
        {resetting ? null : (
          <Button size="sm" variant="ghost" onClick={() => setResetting(true)} data-testid="user-reset-start">
            Reset password…
          </Button>
        )}
      </div>
      {resetting ? (
        <form action={resetAction} className="flex items-center gap-1" noValidate>
          <input type="hidden" name="userId" value={user.id} />
          <Input
            name="password"
            type="password"
            autoComplete="new-password"
            placeholder="New password (12+ characters)"
            aria-label={`New password for ${user.email}`}
            className="h-7 text-xs"
            data-testid="user-reset-password"
          />
          <Button
            type="submit"
            size="sm"
            variant="primary"
            disabled={resetPending}
            data-testid="user-reset-submit"
          >
            {resetPending ? "Setting…" : "Set password"}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setResetting(false)}>
            Cancel
          </Button>
        </form>
      ) : null}
      {role.isLatest ? <Failure state={roleState} testId="user-role-error" /> : null}
      {active.isLatest ? <Failure state={activeState} testId="user-active-error" /> : null}
      {reset.isLatest ? <Failure state={resetState} testId="user-reset-error" /> : null}
      {role.isLatest && roleState.ok && roleState.data ? (
        <Alert tone="success" data-testid="user-role-done">
          {`Changed ${user.name}'s role to ${roleState.data.role}.`}
        </Alert>
      ) : null}
      {active.isLatest && activeState.ok && activeState.data ? (
        <Alert tone="success" data-testid="user-active-done">
          {activeState.data.active
            ? `Reactivated ${user.name}: they can sign in again.`
            : `Deactivated ${user.name}: signed out everywhere, and sign-in is refused.`}
        </Alert>
      ) : null}
      {reset.isLatest && resetState.ok && resetState !== initialActionState && !resetting ? (
        <Alert tone="success" data-testid="user-reset-done">
          Set a new password for {user.name}; they were signed out everywhere. Tell them the new one
          privately.
        </Alert>
      ) : null}
    </div>
  );
}
