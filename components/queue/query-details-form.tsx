"use client";

import { useState, useTransition } from "react";
import { noteUnrenderedWrite } from "@/components/shell/history-freshness";
import { Button } from "@/components/ui/button";
import type { QueryFlowProps } from "./types";
import { useUnsavedEdits } from "./unsaved-edits";

const fieldClass =
  "w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm leading-snug focus:border-brand-500 focus:outline-none";

type QueryDetailsFormProps = {
  informationNeed: string;
  notes: string;
  save: QueryFlowProps["saveDetails"];
  /** Ends editing: after a save (with the need and notes as saved), or on Cancel or Escape. */
  onClose: (saved?: { informationNeed: string; notes: string }) => void;
};

/** The editor of the query's information need and notes; mounted only while editing. */
export function QueryDetailsForm({ informationNeed, notes, save, onClose }: QueryDetailsFormProps) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  useUnsavedEdits("query-details", dirty);

  function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    const input = {
      informationNeed: String(data.get("informationNeed") ?? ""),
      notes: String(data.get("notes") ?? ""),
    };
    setError(null);
    startTransition(async () => {
      try {
        const result = await save(input);
        if (!result.ok) {
          setError(result.error);
          return;
        }
        noteUnrenderedWrite();
        onClose(result.data);
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
        submit(event.currentTarget);
      }}
      onInput={(event) => {
        const data = new FormData(event.currentTarget);
        setDirty(
          String(data.get("informationNeed") ?? "") !== informationNeed ||
            String(data.get("notes") ?? "") !== notes,
        );
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          submit(event.currentTarget);
        }
      }}
    >
      <label className="grid gap-1 text-xs font-medium text-zinc-600">
        Information need — what the user wanted to find
        <textarea
          name="informationNeed"
          defaultValue={informationNeed}
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
          defaultValue={notes}
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
        <Button size="sm" variant="ghost" onClick={() => onClose()} data-testid="cancel-query-details">
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
