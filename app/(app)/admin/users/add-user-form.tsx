"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import type { Role } from "@/lib/auth/roles";
import { type ActionState, fieldErrorsOf, initialActionState, submittedValue } from "@/lib/http/action-state";
import { useLatestAction } from "./latest-action";

type AddedUser = { id: string; email: string; role: Role };

type AddUserFormProps = {
  /** Creates the account, or answers which field breaks which rule. */
  action: (state: ActionState<AddedUser>, formData: FormData) => Promise<ActionState<AddedUser>>;
};

const roles: { value: Role; label: string }[] = [
  { value: "annotator", label: "Annotator: labels queries" },
  { value: "engineer", label: "Engineer: also imports, evaluates" },
  { value: "admin", label: "Admin: also manages users" },
];

export function AddUserForm({ action }: AddUserFormProps) {
  const latest = useLatestAction("add-user");
  const [state, formAction, pending] = useActionState(latest.wrap(action), initialActionState);
  // only the answer to the page's latest action shows (see LatestActionProvider); field errors stay
  const added = state.ok && latest.isLatest ? state.data : undefined;
  return (
    <form action={formAction} className="space-y-3" noValidate data-testid="add-user-form">
      {state.ok || !latest.isLatest ? null : (
        <Alert tone="error" data-testid="add-user-error">
          {state.error}
        </Alert>
      )}
      {added ? (
        <Alert tone="success" data-testid="add-user-done">
          Added {added.email} as {added.role}. They can sign in now.
        </Alert>
      ) : null}
      <Field label="Name" htmlFor="add-user-name" error={fieldErrorsOf(state, "name")}>
        <Input
          name="name"
          defaultValue={submittedValue(state, "name")}
          required
          maxLength={200}
          autoComplete="off"
          data-testid="add-user-name"
        />
      </Field>
      <Field label="Email" htmlFor="add-user-email" error={fieldErrorsOf(state, "email")}>
        <Input
          name="email"
          type="email"
          defaultValue={submittedValue(state, "email")}
          required
          autoComplete="off"
          data-testid="add-user-email"
        />
      </Field>
      <Field label="Role" htmlFor="add-user-role" error={fieldErrorsOf(state, "role")}>
        {/* keyed: a select applies defaultValue only when it mounts, and a failed submission refills it */}
        <Select
          key={submittedValue(state, "role") ?? "annotator"}
          name="role"
          defaultValue={submittedValue(state, "role") ?? "annotator"}
          data-testid="add-user-role"
        >
          {roles.map((role) => (
            <option key={role.value} value={role.value}>
              {role.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label="Password"
        htmlFor="add-user-password"
        hint="At least 12 characters, not a common one. Tell it to them privately."
        error={fieldErrorsOf(state, "password")}
      >
        <Input
          name="password"
          type="password"
          required
          autoComplete="new-password"
          data-testid="add-user-password"
        />
      </Field>
      <Button type="submit" variant="primary" disabled={pending} data-testid="add-user-submit">
        {pending ? "Adding…" : "Add user"}
      </Button>
    </form>
  );
}
