"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError, Input } from "@/components/ui/field";
import { type ActionState, fieldErrorsOf, initialActionState, submittedValue } from "@/lib/http/action-state";

type AddQueryFormProps = {
  action: (
    state: ActionState<{ added: string }>,
    formData: FormData,
  ) => Promise<ActionState<{ added: string }>>;
};

/** One-line form under the queries table: type a query, press Enter. */
export function AddQueryForm({ action }: AddQueryFormProps) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  const textErrors = fieldErrorsOf(state, "text");
  return (
    <form
      action={formAction}
      className="flex flex-wrap items-center gap-2 px-4 py-2.5"
      data-testid="add-query-form"
    >
      <label htmlFor="add-query-text" className="sr-only">
        Query text
      </label>
      <Input
        id="add-query-text"
        name="text"
        defaultValue={submittedValue(state, "text")}
        required
        maxLength={1000}
        placeholder="Type a query as a user would, e.g. “error E1042 after update”"
        className="max-w-xl flex-1"
        autoComplete="off"
        aria-invalid={textErrors ? true : undefined}
        aria-describedby={textErrors ? "add-query-error" : undefined}
        data-testid="add-query-text"
      />
      <Button type="submit" disabled={pending} data-testid="add-query-submit">
        {pending ? "Adding…" : "Add query"}
      </Button>
      {/* One line has room for one message: the field's own, else the summary (a missing set…). */}
      {textErrors ? (
        <FieldError id="add-query-error" role="alert" error={textErrors} data-testid="add-query-error" />
      ) : !state.ok ? (
        <p role="alert" className="text-xs text-red-600" data-testid="add-query-error">
          {state.error}
        </p>
      ) : state.data && !pending ? (
        <p role="status" className="max-w-sm truncate text-xs text-emerald-700">
          Added “{state.data.added}”.
        </p>
      ) : null}
    </form>
  );
}

type RemoveQueryButtonProps = {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  queryText: string;
};

/** Removes an unlabeled query; a query with labels cannot be removed here (its labels go first). */
export function RemoveQueryButton({ action, queryText }: RemoveQueryButtonProps) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  return (
    <form action={formAction} className="inline-flex items-center gap-2">
      {state.ok ? null : (
        <span role="alert" className="max-w-48 truncate text-xs text-red-600" title={state.error}>
          {state.error}
        </span>
      )}
      <Button
        type="submit"
        size="sm"
        variant="ghost"
        disabled={pending}
        aria-label={`Remove “${queryText}”`}
        className="text-zinc-500 hover:text-red-700"
        data-testid="remove-query"
      >
        {pending ? "Removing…" : "Remove"}
      </Button>
    </form>
  );
}
