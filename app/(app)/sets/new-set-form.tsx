"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import type { CreateSetState } from "./actions";

type NewSetFormProps = {
  action: (state: CreateSetState, formData: FormData) => Promise<CreateSetState>;
  corpora: { id: string; name: string; documents: number }[];
};

export function NewSetForm({ action, corpora }: NewSetFormProps) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="space-y-3" data-testid="new-set-form">
      <Field label="Name" htmlFor="new-set-name">
        <Input
          name="name"
          defaultValue={state.values?.name}
          required
          maxLength={200}
          placeholder="support-search-v1"
          data-testid="new-set-name"
        />
      </Field>
      <Field label="Corpus" htmlFor="new-set-corpus" hint="Labels point at this corpus's documents.">
        <Select name="corpusId" defaultValue={state.values?.corpusId} required data-testid="new-set-corpus">
          {corpora.map((corpus) => (
            <option key={corpus.id} value={corpus.id}>
              {corpus.name} ({corpus.documents.toLocaleString("en")} docs)
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Description" htmlFor="new-set-description" hint="Optional: what the set measures.">
        <Textarea
          name="description"
          defaultValue={state.values?.description}
          maxLength={2000}
          rows={2}
          className="min-h-14"
          data-testid="new-set-description"
        />
      </Field>
      {state.error ? (
        <Alert tone="error" data-testid="new-set-error">
          {state.error}
        </Alert>
      ) : null}
      <Button type="submit" variant="primary" disabled={pending} data-testid="new-set-submit">
        {pending ? "Creating…" : "Create golden set"}
      </Button>
    </form>
  );
}
