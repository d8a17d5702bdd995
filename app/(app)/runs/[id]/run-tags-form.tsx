"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError, Input } from "@/components/ui/field";
import { MAX_RUN_TAGS } from "@/lib/eval/run-report-schema";
import { type ActionState, fieldErrorsOf, initialActionState, submittedValue } from "@/lib/http/action-state";

export type SaveRunTags = (
  state: ActionState<{ tags: string[] }>,
  formData: FormData,
) => Promise<ActionState<{ tags: string[] }>>;

type RunTagsFormProps = { action: SaveRunTags; tags: string[] };

/** The run's tags as one comma-separated field; saving replaces them all. */
export function RunTagsForm({ action, tags }: RunTagsFormProps) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  const errors = fieldErrorsOf(state, "tags");
  return (
    <form action={formAction} className="flex flex-wrap items-center gap-2" data-testid="run-tags-form">
      <label htmlFor="run-tags" className="sr-only">
        Tags, separated by commas
      </label>
      <Input
        id="run-tags"
        name="tags"
        defaultValue={submittedValue(state, "tags") ?? tags.join(", ")}
        placeholder="candidate, pr-123"
        className="w-72"
        autoComplete="off"
        aria-invalid={errors || !state.ok ? true : undefined}
        aria-describedby="run-tags-help"
        data-testid="run-tags-input"
      />
      <Button type="submit" size="sm" disabled={pending} data-testid="run-tags-save">
        {pending ? "Saving…" : "Save tags"}
      </Button>
      {errors ? (
        <FieldError id="run-tags-help" role="alert" error={errors} data-testid="run-tags-error" />
      ) : !state.ok ? (
        <p id="run-tags-help" role="alert" className="text-xs text-red-600" data-testid="run-tags-error">
          {state.error}
        </p>
      ) : (
        <p id="run-tags-help" className="text-xs text-zinc-500">
          Separate tags with commas; at most {MAX_RUN_TAGS}, each up to 32 characters.
        </p>
      )}
    </form>
  );
}
