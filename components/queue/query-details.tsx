"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import type { QueryFlowProps } from "./types";
import { useUnsavedEdits } from "./unsaved-edits";

const fieldClass =
  "w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm leading-snug focus:border-brand-500 focus:outline-none";

/**
 * The query's information need (what the user wanted) and notes, shown under the query and
 * edited in place: Ctrl+Enter (⌘+Enter) saves, Escape cancels. While the typed text differs
 * from the saved one, leaving the query asks first (./unsaved-edits.ts) and the form says so.
 */
export function QueryDetails(props: {
  informationNeed: string;
  notes: string;
  save: QueryFlowProps["saveDetails"];
}) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  useUnsavedEdits("query-details", editing && dirty);

  function stopEditing() {
    setEditing(false);
    setDirty(false);
  }

  if (!editing) {
    return (
      <div className="mt-1 max-w-3xl space-y-0.5 text-sm">
        {props.informationNeed ? (
          <p className="text-zinc-600" data-testid="information-need">
            <span className="font-medium text-zinc-500">Need: </span>
            {props.informationNeed}
          </p>
        ) : (
          <p className="text-zinc-400 italic">No information need written for this query.</p>
        )}
        {props.notes ? (
          <p className="whitespace-pre-wrap text-xs text-zinc-500" data-testid="query-notes">
            <span className="font-medium">Notes: </span>
            {props.notes}
          </p>
        ) : null}
        <button
          type="button"
          className="text-xs font-medium text-zinc-500 hover:text-zinc-900 hover:underline"
          onClick={() => setEditing(true)}
          data-testid="edit-query-details"
        >
          {props.informationNeed || props.notes ? "Edit need and notes" : "Write the information need"}
        </button>
      </div>
    );
  }

  function save(form: HTMLFormElement) {
    const data = new FormData(form);
    const input = {
      informationNeed: String(data.get("informationNeed") ?? ""),
      notes: String(data.get("notes") ?? ""),
    };
    setError(null);
    startTransition(async () => {
      try {
        const result = await props.save(input);
        if (!result.ok) {
          setError(result.error);
          return;
        }
        stopEditing();
        router.refresh();
      } catch {
        setError("Could not save. Check your connection and try again.");
      }
    });
  }

  return (
    <form
      className="mt-2 grid max-w-3xl gap-2"
      data-testid="query-details-form"
      onSubmit={(event) => {
        event.preventDefault();
        save(event.currentTarget);
      }}
      onInput={(event) => {
        const data = new FormData(event.currentTarget);
        setDirty(
          String(data.get("informationNeed") ?? "") !== props.informationNeed ||
            String(data.get("notes") ?? "") !== props.notes,
        );
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") stopEditing();
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          save(event.currentTarget);
        }
      }}
    >
      <label className="grid gap-1 text-xs font-medium text-zinc-600">
        Information need — what the user wanted to find
        <textarea
          name="informationNeed"
          defaultValue={props.informationNeed}
          rows={2}
          maxLength={2000}
          className={fieldClass}
          data-testid="information-need-input"
        />
      </label>
      <label className="grid gap-1 text-xs font-medium text-zinc-600">
        Notes — for other annotators and the engineers
        <textarea
          name="notes"
          defaultValue={props.notes}
          rows={2}
          maxLength={5000}
          className={fieldClass}
          data-testid="query-notes-input"
        />
      </label>
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex items-center gap-2">
        <Button type="submit" size="sm" variant="primary" disabled={pending} data-testid="save-query-details">
          {pending ? "Saving…" : "Save"}
        </Button>
        <Button size="sm" variant="ghost" onClick={stopEditing} data-testid="cancel-query-details">
          Cancel
        </Button>
        {dirty ? (
          <span className="text-[11px] font-medium text-amber-700" data-testid="query-details-unsaved">
            Not saved yet
          </span>
        ) : null}
        <span className="text-[11px] text-zinc-400">Ctrl+Enter saves · Esc cancels</span>
      </div>
    </form>
  );
}
