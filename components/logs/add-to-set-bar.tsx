"use client";

import Link from "next/link";
import { startTransition, useActionState, useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";

export type AddToSetState = {
  error?: string;
  added?: { setId: string; setName: string; added: number; skipped: number };
};

export type AddToSetProps = {
  /** A server action taking `setId` and repeated `logQueryId` fields. */
  action: (state: AddToSetState, formData: FormData) => Promise<AddToSetState>;
  sets: { id: string; name: string; corpusName: string }[];
};

type AddToSetBarProps = AddToSetProps & {
  selectedIds: readonly string[];
  onClear: () => void;
};

/** The toolbar above the log's queries: how many are checked, a set, "Add selected". */
export function AddToSetBar({ action, sets, selectedIds, onClear }: AddToSetBarProps) {
  const [state, formAction, pending] = useActionState(action, {});

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
    if (state.added) onClear();
  }, [state.added, onClear]);

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
            defaultValue={state.added?.setId ?? sets[0]?.id}
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
      {state.error ? (
        <Alert tone="error" className="mx-4 my-2" data-testid="add-to-set-error">
          {state.error}
        </Alert>
      ) : null}
      {state.added && !pending ? (
        <Alert
          tone="success"
          className="mx-4 my-2"
          data-testid="add-to-set-done"
          actions={
            <Link href={`/sets/${state.added.setId}`} className="font-medium text-xs underline">
              Open {state.added.setName}
            </Link>
          }
        >
          Added {state.added.added} {state.added.added === 1 ? "query" : "queries"} to {state.added.setName}
          {state.added.skipped > 0 ? ` (${state.added.skipped} already there, skipped)` : ""}.
        </Alert>
      ) : null}
    </form>
  );
}
