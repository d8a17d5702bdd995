"use client";

import { useActionState, useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { type ActionState, fieldErrorsOf, initialActionState, submittedValue } from "@/lib/http/action-state";

type Created = { token: string; id: string };

type CreateTokenFormProps = {
  action: (state: ActionState<Created>, formData: FormData) => Promise<ActionState<Created>>;
};

type CopyState = "idle" | "copied" | "failed";

/**
 * The new token on one line (it scrolls sideways rather than wrap, so what is seen is what is
 * copied; a click selects all of it), with a Copy button that says when it worked.
 */
function CopyableToken({ token }: { token: string }) {
  const [copy, setCopy] = useState<CopyState>("idle");
  useEffect(() => {
    if (copy === "idle") return;
    const timer = setTimeout(() => setCopy("idle"), 2_000);
    return () => clearTimeout(timer);
  }, [copy]);
  async function copyToken() {
    try {
      await navigator.clipboard.writeText(token);
      setCopy("copied");
    } catch {
      setCopy("failed"); // e.g. no clipboard on plain http: the token is still selectable
    }
  }
  return (
    <div className="mt-1.5 flex items-center gap-2">
      <code
        className="min-w-0 flex-1 select-all overflow-x-auto whitespace-nowrap rounded border border-emerald-200 bg-white px-2 py-1 font-mono text-xs text-zinc-900"
        data-testid="new-token"
      >
        {token}
      </code>
      <Button
        type="button"
        size="sm"
        variant="secondary"
        onClick={copyToken}
        aria-live="polite"
        data-testid="copy-token"
      >
        {copy === "copied" ? "Copied" : copy === "failed" ? "Select and copy" : "Copy"}
      </Button>
    </div>
  );
}

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
          <p className="font-medium">Copy the token now: you will not see it again.</p>
          <CopyableToken token={created.token} />
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
