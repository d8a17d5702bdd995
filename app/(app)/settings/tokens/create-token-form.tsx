"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { type ActionState, fieldErrorsOf, initialActionState, submittedValue } from "@/lib/http/action-state";

type Created = { token: string; id: string };

type CreateTokenFormProps = {
  action: (state: ActionState<Created>, formData: FormData) => Promise<ActionState<Created>>;
};

/** A name, then the new token — shown this once, with how to use it. */
export function CreateTokenForm({ action }: CreateTokenFormProps) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  const created = state.ok ? state.data : undefined;
  return (
    <form action={formAction} className="space-y-3" noValidate data-testid="create-token-form">
      {state.ok ? null : (
        <Alert tone="error" data-testid="create-token-error">
          {state.error}
        </Alert>
      )}
      {created ? (
        <Alert tone="success" data-testid="create-token-done">
          <p>Copy the token now: it is not shown again.</p>
          <code className="mt-1 block break-all font-mono text-xs select-all" data-testid="new-token">
            {created.token}
          </code>
          <p className="mt-1 text-xs">
            Send it as <code className="font-mono">Authorization: Bearer …</code>
          </p>
        </Alert>
      ) : null}
      <Field
        label="Name"
        htmlFor="token-name"
        hint="What uses it, e.g. “CI” or “notebook”."
        error={fieldErrorsOf(state, "name")}
      >
        <Input
          id="token-name"
          name="name"
          defaultValue={created ? "" : submittedValue(state, "name")}
          key={created?.id ?? "new"}
          required
          maxLength={100}
          autoComplete="off"
          data-testid="token-name"
        />
      </Field>
      <Button type="submit" disabled={pending} data-testid="create-token">
        {pending ? "Creating…" : "Create token"}
      </Button>
    </form>
  );
}
