"use client";

import Link from "next/link";
import {
  type FormEvent,
  type ReactNode,
  startTransition,
  useActionState,
  useEffect,
  useRef,
  useState,
} from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import type { AddToSetState } from "./actions";

type AddToSetFormProps = {
  action: (state: AddToSetState, formData: FormData) => Promise<AddToSetState>;
  sets: { id: string; name: string; corpusName: string }[];
  /** The queries table; its checkboxes are named `logQueryId`. */
  children: ReactNode;
};

const CHECKBOXES = 'input[type="checkbox"][name="logQueryId"]';

/** Wraps the log's queries table: check rows, pick a set, add them. */
export function AddToSetForm({ action, sets, children }: AddToSetFormProps) {
  const [state, formAction, pending] = useActionState(action, {});
  const [selected, setSelected] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // Submitted by hand rather than through `<form action>`, which would reset the form (and lose
  // the selection) even when the action answers with an error. On success the form is cleared.
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => formAction(data));
  }

  useEffect(() => {
    if (state.added) {
      formRef.current?.reset();
      setSelected(0);
    }
  }, [state.added]);

  function checkboxes(): HTMLInputElement[] {
    return [...(formRef.current?.querySelectorAll<HTMLInputElement>(CHECKBOXES) ?? [])];
  }

  function setAll(checked: boolean) {
    const boxes = checkboxes();
    for (const box of boxes) box.checked = checked;
    setSelected(checked ? boxes.length : 0);
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      onChange={() => setSelected(checkboxes().filter((box) => box.checked).length)}
      onReset={() => setSelected(0)}
      data-testid="add-to-set-form"
    >
      <div className="flex flex-wrap items-center gap-2 border-zinc-100 border-b bg-zinc-50/60 px-4 py-2">
        <span className="min-w-20 text-xs text-zinc-600 tabular-nums" aria-live="polite">
          {selected} selected
        </span>
        <Button size="sm" variant="ghost" onClick={() => setAll(true)}>
          Select page
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setAll(false)} disabled={selected === 0}>
          Clear
        </Button>
        <div className="ml-auto flex items-center gap-2">
          <label htmlFor="add-to-set-select" className="text-xs text-zinc-600">
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
            disabled={pending || selected === 0}
            data-testid="add-to-set-submit"
          >
            {pending ? "Adding…" : "Add selected to golden set"}
          </Button>
        </div>
      </div>
      {state.error ? (
        <Alert tone="error" className="mx-4 mt-3" data-testid="add-to-set-error">
          {state.error}
        </Alert>
      ) : null}
      {state.added && !pending ? (
        <Alert
          tone="success"
          className="mx-4 mt-3"
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
      {children}
    </form>
  );
}
