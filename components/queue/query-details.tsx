"use client";

import { useState } from "react";
import { useServerState } from "@/components/labeling/use-server-state";
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
  // the save answers what it stored; the page is not rendered again for it
  const [informationNeed, setInformationNeed] = useServerState(props.informationNeed);
  const [notes, setNotes] = useServerState(props.notes);

  if (editing) {
    return (
      <QueryDetailsForm
        informationNeed={informationNeed}
        notes={notes}
        save={props.save}
        onClose={(saved) => {
          setEditing(false);
          if (!saved) return;
          setInformationNeed(saved.informationNeed);
          setNotes(saved.notes);
        }}
      />
    );
  }
  return (
    <div className="mt-1 max-w-3xl space-y-0.5 text-sm">
      {informationNeed ? (
        <p className="text-zinc-600" data-testid="information-need">
          <span className="font-medium text-zinc-500">Need: </span>
          {informationNeed}
        </p>
      ) : (
        <p className="text-zinc-400 italic">No information need written for this query.</p>
      )}
      {notes ? (
        <p className="whitespace-pre-wrap text-xs text-zinc-500" data-testid="query-notes">
          <span className="font-medium">Notes: </span>
          {notes}
        </p>
      ) : null}
      <button
        type="button"
        className="text-xs font-medium text-zinc-500 hover:text-zinc-900 hover:underline"
        onClick={() => setEditing(true)}
        data-testid="edit-query-details"
      >
        {informationNeed || notes ? "Edit need and notes" : "Write the information need"}
      </button>
    </div>
  );
}
