"use client";

import { useActionState, useId } from "react";
import { Button } from "@/components/ui/button";
import { FieldError, Select } from "@/components/ui/field";
import { type ActionState, fieldErrorsOf, initialActionState } from "@/lib/http/action-state";

type FormAction<Data> = (state: ActionState<Data>, formData: FormData) => Promise<ActionState<Data>>;

type AdjudicationFormProps = {
  queryId: string;
  documentId: string;
  /** What may be decided: the whole document, or an annotator's quote adopted (its label id). */
  targets: { value: string; label: string }[];
  grades: { grade: number; name: string }[];
  decide: FormAction<{ outcome: "created" | "updated" | "unchanged"; replaced: number }>;
  /** Present when the pair has a decision: withdraws it. */
  withdraw?: FormAction<{ removed: number }> | undefined;
};

/** The deciding judgment on one (query, document) pair: what counts, with which grade. */
export function AdjudicationForm({
  queryId,
  documentId,
  targets,
  grades,
  decide,
  withdraw,
}: AdjudicationFormProps) {
  const [state, formAction, pending] = useActionState(decide, initialActionState);
  const [withdrawState, withdrawAction, withdrawing] = useActionState(
    withdraw ?? (async () => initialActionState),
    initialActionState,
  );
  const id = useId();
  const gradeError = fieldErrorsOf(state, "grade");
  return (
    <div className="flex flex-wrap items-end gap-2">
      <form action={formAction} className="flex flex-wrap items-end gap-2" data-testid="adjudication-form">
        <input type="hidden" name="queryId" value={queryId} />
        <input type="hidden" name="documentId" value={documentId} />
        <div className="space-y-1">
          <label htmlFor={`${id}-target`} className="block font-medium text-xs text-zinc-700">
            Decide on
          </label>
          <Select
            id={`${id}-target`}
            name="target"
            defaultValue="document"
            className="max-w-80"
            data-testid="adjudication-target"
          >
            {targets.map((target) => (
              <option key={target.value} value={target.value}>
                {target.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-grade-select`} className="block font-medium text-xs text-zinc-700">
            Grade
          </label>
          <Select
            id={`${id}-grade-select`}
            name="grade"
            defaultValue=""
            required
            aria-invalid={gradeError ? true : undefined}
            aria-describedby={gradeError ? `${id}-grade` : undefined}
            data-testid="adjudication-grade"
          >
            <option value="" disabled>
              Choose…
            </option>
            {grades.map((level) => (
              <option key={level.grade} value={level.grade}>
                {level.grade} · {level.name}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="primary" disabled={pending} data-testid="adjudication-submit">
          {pending ? "Saving…" : "Record decision"}
        </Button>
      </form>
      {withdraw ? (
        <form action={withdrawAction}>
          <input type="hidden" name="queryId" value={queryId} />
          <input type="hidden" name="documentId" value={documentId} />
          <Button type="submit" variant="ghost" disabled={withdrawing} data-testid="adjudication-withdraw">
            {withdrawing ? "Withdrawing…" : "Withdraw decision"}
          </Button>
        </form>
      ) : null}
      <div className="basis-full text-xs" aria-live="polite">
        {gradeError ? <FieldError id={`${id}-grade`} error={gradeError} /> : null}
        {!state.ok && !gradeError ? (
          <p role="alert" className="text-red-600" data-testid="adjudication-error">
            {state.error}
          </p>
        ) : null}
        {!withdrawState.ok ? (
          <p role="alert" className="text-red-600">
            {withdrawState.error}
          </p>
        ) : null}
        {state.ok && state.data && !pending ? (
          <p className="text-emerald-700" data-testid="adjudication-saved">
            Decision recorded
            {state.data.replaced ? " (it replaces the earlier one, kept in the history)" : ""}.
          </p>
        ) : null}
      </div>
    </div>
  );
}
