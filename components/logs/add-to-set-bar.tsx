"use client";

import { startTransition, useActionState, useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError, Select } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { type ActionState, fieldErrorsOf, initialActionState } from "@/lib/http/action-state";

/** What the action answers on success: the set, how many queries were added and skipped. */
type AddedToSet = { setId: string; setName: string; added: number; skipped: number };

export type AddToSetProps = {
  /** A server action taking `setId` and repeated `logQueryId` fields. */
  action: (state: ActionState<AddedToSet>, formData: FormData) => Promise<ActionState<AddedToSet>>;
  sets: { id: string; name: string; corpusName: string }[];
};

type AddToSetBarProps = AddToSetProps & {
  selectedIds: readonly string[];
  onClear: () => void;
};

/** The toolbar above the log's queries: how many are checked, a set, "Add selected". */
export function AddToSetBar({ action, sets, selectedIds, onClear }: AddToSetBarProps) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  const added = state.ok ? state.data : undefined;
  const setErrors = fieldErrorsOf(state, "setId");

  // The selection lives in the table's state (rows scroll out of the DOM), so the form data is
  // built here rather than read from checkboxes.
  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData();
    data.set("setId", String(new FormData(event.currentTarget).get("setId") ?? ""));
    for (const id of selectedIds) data.append("logQueryId", id);
    startTransition(() => formAction(data));
  }

  useEffect(() => {
    if (added) onClear();
  }, [added, onClear]);

  return (
    <form onSubmit={submit} data-testid="add-to-set-form">
      <div className="flex flex-wrap items-center gap-2 border-zinc-100 border-b bg-zinc-50/60 px-4 py-2">
        <span className="min-w-20 text-xs text-zinc-600 tabular-nums" aria-live="polite">
          {selectedIds.length} selected
        </span>
        <Button size="sm" variant="ghost" onClick={onClear} disabled={selectedIds.length === 0}>
          Clear
        </Button>
        <div className="ml-auto flex items-center gap-2">
          <label htmlFor="add-to-set-select" className="whitespace-nowrap text-xs text-zinc-600">
            Golden set
          </label>
          <Select
            id="add-to-set-select"
            name="setId"
            className="w-64"
            defaultValue={added?.setId ?? sets[0]?.id}
            aria-invalid={setErrors ? true : undefined}
            aria-describedby={setErrors ? "add-to-set-select-error" : undefined}
            data-testid="add-to-set-select"
          >
            {sets.map((set) => (
              <option key={set.id} value={set.id}>
                {set.name} ({set.corpusName})
              </option>
            ))}
          </Select>
          <Button
            type="submit"
            size="md"
            variant="primary"
            disabled={pending || selectedIds.length === 0}
            data-testid="add-to-set-submit"
          >
            {pending ? "Adding…" : "Add selected to golden set"}
          </Button>
        </div>
      </div>
      {setErrors ? (
        <FieldError id="add-to-set-select-error" error={setErrors} className="px-4 pt-2 text-right" />
      ) : null}
      {state.ok ? null : (
        <Alert tone="error" className="mx-4 my-2" data-testid="add-to-set-error">
          {state.error}
        </Alert>
      )}
      {added && !pending ? (
        <Alert
          tone="success"
          className="mx-4 my-2"
          data-testid="add-to-set-done"
          actions={
            <Link href={`/sets/${added.setId}`} className="font-medium text-xs underline">
              Open {added.setName}
            </Link>
          }
        >
          Added {added.added} {added.added === 1 ? "query" : "queries"} to {added.setName}
          {added.skipped > 0 ? ` (${added.skipped} already there, skipped)` : ""}.
        </Alert>
      ) : null}
    </form>
  );
}
