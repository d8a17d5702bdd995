"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError, Input } from "@/components/ui/field";
import { type ActionState, fieldErrorsOf, initialActionState } from "@/lib/http/action-state";

type Assigned = { queries: number; assignments: number };

type AssignFormProps = {
  action: (state: ActionState<Assigned>, formData: FormData) => Promise<ActionState<Assigned>>;
  labelers: { id: string; name: string; email: string; role: string }[];
  unassigned: number;
};

/**
 * Choose annotators and an overlap share; the set's unassigned queries are dealt round-robin,
 * the overlap share going to two annotators each (for agreement).
 */
export function AssignForm({ action, labelers, unassigned }: AssignFormProps) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  const annotatorErrors = fieldErrorsOf(state, "annotatorIds");
  const overlapErrors = fieldErrorsOf(state, "overlapPercent");
  return (
    <form action={formAction} className="space-y-3 px-4 py-3" data-testid="assign-form">
      <fieldset>
        <legend className="mb-1.5 font-medium text-xs text-zinc-600">Annotators</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {labelers.map((user) => (
            <label key={user.id} className="flex items-center gap-2 text-sm text-zinc-800">
              <input
                type="checkbox"
                name="annotatorIds"
                value={user.id}
                defaultChecked={user.role === "annotator"}
                data-testid="assign-annotator"
                data-email={user.email}
              />
              {user.name}
              <span className="text-xs text-zinc-400">
                {user.email} · {user.role}
              </span>
            </label>
          ))}
        </div>
        {annotatorErrors ? <FieldError id="assign-annotators-error" error={annotatorErrors} /> : null}
      </fieldset>
      <div className="flex flex-wrap items-center gap-2 text-xs font-medium text-zinc-600">
        <label htmlFor="assign-overlap">Overlap</label>
        <div className="w-20">
          <Input
            id="assign-overlap"
            name="overlapPercent"
            type="number"
            min={0}
            max={100}
            step={1}
            defaultValue={labelers.filter((user) => user.role === "annotator").length >= 2 ? 20 : 0}
            aria-invalid={overlapErrors ? true : undefined}
            data-testid="assign-overlap"
          />
        </div>
        % of the queries go to two annotators, to measure agreement
      </div>
      {overlapErrors ? <FieldError id="assign-overlap-error" error={overlapErrors} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          variant="primary"
          disabled={pending || unassigned === 0}
          data-testid="assign-submit"
        >
          {pending
            ? "Assigning…"
            : `Assign ${unassigned} unassigned ${unassigned === 1 ? "query" : "queries"}`}
        </Button>
        {!state.ok && !annotatorErrors && !overlapErrors ? (
          <p role="alert" className="text-xs text-red-600" data-testid="assign-error">
            {state.error}
          </p>
        ) : state.ok && state.data && !pending ? (
          <p role="status" className="text-xs text-emerald-700" data-testid="assign-result">
            Assigned {state.data.queries} {state.data.queries === 1 ? "query" : "queries"} (
            {state.data.assignments} {state.data.assignments === 1 ? "assignment" : "assignments"}).
          </p>
        ) : null}
      </div>
    </form>
  );
}

/** Removes assignments nobody has started, e.g. to deal the set again to other annotators. */
export function ClearAssignmentsButton({
  action,
}: {
  action: (
    state: ActionState<{ removed: number }>,
    formData: FormData,
  ) => Promise<ActionState<{ removed: number }>>;
}) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  return (
    <form action={formAction} className="flex items-center gap-2">
      {state.ok && state.data ? (
        <span role="status" className="text-xs text-zinc-500">
          Removed {state.data.removed} {state.data.removed === 1 ? "assignment" : "assignments"}.
        </span>
      ) : !state.ok ? (
        <span role="alert" className="text-xs text-red-600">
          {state.error}
        </span>
      ) : null}
      <Button type="submit" size="sm" variant="ghost" disabled={pending} data-testid="clear-assignments">
        Clear open assignments
      </Button>
    </form>
  );
}
