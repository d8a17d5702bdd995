"use client";

import { useState } from "react";
import { QueryDetailsForm } from "./query-details-form";
import type { QueryFlowProps } from "./types";

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
  const [editing, setEditing] = useState(false);

  if (editing) {
    return (
      <QueryDetailsForm
        informationNeed={props.informationNeed}
        notes={props.notes}
        save={props.save}
        onClose={() => setEditing(false)}
      />
    );
  }
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
