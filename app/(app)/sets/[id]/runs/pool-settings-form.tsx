"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { type ActionState, fieldErrorsOf, initialActionState, submittedValue } from "@/lib/http/action-state";

type SavePoolSettings = (
  state: ActionState<{ depth: number; runs: number }>,
  formData: FormData,
) => Promise<ActionState<{ depth: number; runs: number }>>;

type PoolSettingsFormProps = {
  action: SavePoolSettings;
  depth: number;
  /** The set's finished runs, newest first; `pooled` ticks those the set pools now. */
  runs: { id: string; name: string; detail: string; pooled: boolean }[];
};

/** Which runs the labeling workspace pools as candidates (besides BM25), and their depth. */
export function PoolSettingsForm({ action, depth, runs }: PoolSettingsFormProps) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  return (
    <form action={formAction} className="space-y-3" data-testid="pool-settings-form">
      <Field
        label="Pool depth"
        htmlFor="pool-depth"
        error={fieldErrorsOf(state, "depth")}
        hint="Top k of each"
      >
        <Input
          name="depth"
          type="number"
          min={1}
          max={100}
          defaultValue={submittedValue(state, "depth") ?? depth}
          className="w-24"
          data-testid="pool-depth"
        />
      </Field>
      <fieldset className="space-y-1">
        <legend className="font-medium text-xs text-zinc-700">Pooled runs (BM25 is always pooled)</legend>
        {runs.length === 0 ? (
          <p className="text-xs text-zinc-500">No finished runs yet: candidates come from BM25 alone.</p>
        ) : (
          <ul className="max-h-48 space-y-0.5 overflow-y-auto">
            {runs.map((run) => (
              <li key={run.id}>
                <label className="flex items-baseline gap-2 text-sm text-zinc-800">
                  <input
                    type="checkbox"
                    name="runId"
                    value={run.id}
                    defaultChecked={run.pooled}
                    data-testid="pool-run"
                  />
                  <span className="min-w-0 truncate">{run.name}</span>
                  <span className="ml-auto shrink-0 text-[11px] text-zinc-400">{run.detail}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" disabled={pending} data-testid="pool-settings-save">
          {pending ? "Saving…" : "Save pooling"}
        </Button>
        {!state.ok ? (
          <p role="alert" className="text-xs text-red-600" data-testid="pool-settings-error">
            {state.error}
          </p>
        ) : state.data ? (
          <p role="status" className="text-xs text-emerald-700" data-testid="pool-settings-saved">
            Saved: top {state.data.depth} of BM25
            {state.data.runs > 0
              ? ` and ${state.data.runs} ${state.data.runs === 1 ? "run" : "runs"}`
              : " alone"}
            .
          </p>
        ) : null}
      </div>
    </form>
  );
}
