"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, FieldError, Input } from "@/components/ui/field";
import { type ActionState, fieldErrorsOf, initialActionState, submittedValue } from "@/lib/http/action-state";

type Person = { id: string; name: string; role: string };

/** Size N and the people to assign the sample's queries to; the action redirects to the result. */
export function CalibrationForm({
  action,
  people,
}: {
  action: (state: ActionState<undefined>, formData: FormData) => Promise<ActionState<undefined>>;
  people: Person[];
}) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  const peopleErrors = fieldErrorsOf(state, "annotatorIds");
  return (
    <form action={formAction} className="space-y-3" noValidate data-testid="calibration-form">
      {state.ok ? null : (
        <Alert tone="error" data-testid="calibration-error">
          {state.error}
        </Alert>
      )}
      <Field
        label="Sample size"
        htmlFor="calibration-size"
        hint="Passages the judge judged, drawn at random within each of its grades (every grade at least once)."
        error={fieldErrorsOf(state, "size")}
      >
        <Input
          name="size"
          inputMode="numeric"
          defaultValue={submittedValue(state, "size") ?? "50"}
          className="w-28"
          data-testid="calibration-size"
        />
      </Field>
      <fieldset
        className="space-y-1"
        aria-describedby={peopleErrors ? "calibration-people-error" : undefined}
      >
        <legend className="font-medium text-xs text-zinc-700">Assign the sample's queries to</legend>
        <div className="max-h-40 space-y-1 overflow-y-auto rounded-md border border-zinc-200 p-2">
          {people.map((person) => (
            <label key={person.id} className="flex items-center gap-2 text-xs text-zinc-800">
              <input
                type="checkbox"
                name="annotatorIds"
                value={person.id}
                defaultChecked={person.role === "annotator"}
                data-testid="calibration-person"
              />
              {person.name} <span className="text-zinc-400">{person.role}</span>
            </label>
          ))}
        </div>
        <FieldError id="calibration-people-error" error={peopleErrors} />
      </fieldset>
      <Button type="submit" variant="primary" disabled={pending} data-testid="create-calibration">
        {pending ? "Drawing…" : "Draw and assign"}
      </Button>
    </form>
  );
}
