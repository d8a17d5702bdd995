"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import { type ActionState, fieldErrorsOf, initialActionState, submittedValue } from "@/lib/http/action-state";

type NewSetFormProps = {
  /** Opens the new set on success; answers with the problems otherwise. */
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  corpora: { id: string; name: string; documents: number }[];
};

export function NewSetForm({ action, corpora }: NewSetFormProps) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  return (
    <form action={formAction} className="space-y-3" data-testid="new-set-form">
      {state.ok ? null : (
        <Alert tone="error" data-testid="new-set-error">
          {state.error}
        </Alert>
      )}
      <Field label="Name" htmlFor="new-set-name" error={fieldErrorsOf(state, "name")}>
        <Input
          name="name"
          defaultValue={submittedValue(state, "name")}
          required
          maxLength={200}
          placeholder="support-search-v1"
          data-testid="new-set-name"
        />
      </Field>
      <Field
        label="Corpus"
        htmlFor="new-set-corpus"
        hint="Labels point at this corpus's documents."
        error={fieldErrorsOf(state, "corpusId")}
      >
        <Select
          name="corpusId"
          defaultValue={submittedValue(state, "corpusId")}
          required
          data-testid="new-set-corpus"
        >
          {corpora.map((corpus) => (
            <option key={corpus.id} value={corpus.id}>
              {corpus.name} ({corpus.documents.toLocaleString("en")} docs)
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label="Description"
        htmlFor="new-set-description"
        hint="Optional: what the set measures."
        error={fieldErrorsOf(state, "description")}
      >
        <Textarea
          name="description"
          defaultValue={submittedValue(state, "description")}
          maxLength={2000}
          rows={2}
          className="min-h-14"
          data-testid="new-set-description"
        />
      </Field>
      <Button type="submit" variant="primary" disabled={pending} data-testid="new-set-submit">
        {pending ? "Creating…" : "Create golden set"}
      </Button>
    </form>
  );
}
