"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, FieldError, Input, Select } from "@/components/ui/field";
import { type ActionState, fieldErrorsOf, initialActionState, submittedValue } from "@/lib/http/action-state";

type JudgeChoice = { id: string; label: string };
type RunChoice = { id: string; label: string };

type StartJudgingFormProps = {
  action: (
    state: ActionState<{ jobId: string }>,
    formData: FormData,
  ) => Promise<ActionState<{ jobId: string }>>;
  judges: JudgeChoice[];
  /** The set's finished runs, newest first. */
  runs: RunChoice[];
};

/** Choose a judge and what it judges — a pool of runs or a run's holes — then Start. */
export function StartJudgingForm({ action, judges, runs }: StartJudgingFormProps) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  return (
    <form action={formAction} className="space-y-3" noValidate data-testid="start-judging-form">
      {state.ok ? null : (
        <Alert tone="error" data-testid="start-judging-error">
          {state.error}
        </Alert>
      )}
      {state.ok && state.data ? (
        <Alert tone="success" data-testid="judging-started">
          Judging started: its progress is below.
        </Alert>
      ) : null}
      <Field label="Judge" htmlFor="judging-judge" error={fieldErrorsOf(state, "judgeId")}>
        <Select
          name="judgeId"
          defaultValue={submittedValue(state, "judgeId") ?? judges[0]?.id}
          data-testid="judging-judge"
        >
          {judges.map((judge) => (
            <option key={judge.id} value={judge.id}>
              {judge.label}
            </option>
          ))}
        </Select>
      </Field>
      <SourceChooser state={state} runs={runs} />
      <Field
        label="Depth"
        htmlFor="judging-depth"
        hint="The top this many results of each query; 10 by default."
        error={fieldErrorsOf(state, "source.depth")}
      >
        <Input
          name="depth"
          inputMode="numeric"
          defaultValue={submittedValue(state, "depth") ?? "10"}
          data-testid="judging-depth"
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Prompt price"
          htmlFor="judging-prompt-price"
          hint="Per million tokens; optional."
          error={fieldErrorsOf(state, "prices.promptPerMillion")}
        >
          <Input
            name="promptPrice"
            inputMode="decimal"
            placeholder="0.15"
            defaultValue={submittedValue(state, "promptPrice")}
          />
        </Field>
        <Field
          label="Completion price"
          htmlFor="judging-completion-price"
          hint="Per million tokens; optional."
          error={fieldErrorsOf(state, "prices.completionPerMillion")}
        >
          <Input
            name="completionPrice"
            inputMode="decimal"
            placeholder="0.60"
            defaultValue={submittedValue(state, "completionPrice")}
          />
        </Field>
      </div>
      <Button type="submit" variant="primary" disabled={pending} data-testid="start-judging">
        {pending ? "Starting…" : "Start judging"}
      </Button>
    </form>
  );
}

/** A pool (checked runs) or the holes of one run; the choice shows only its own controls. */
function SourceChooser({ state, runs }: { state: ActionState<{ jobId: string }>; runs: RunChoice[] }) {
  const [kind, setKind] = useState<"runs" | "holes">(
    submittedValue(state, "sourceKind") === "holes" ? "holes" : "runs",
  );
  const runErrors = fieldErrorsOf(state, "source.runIds");
  return (
    <>
      <fieldset className="space-y-1.5">
        <legend className="font-medium text-xs text-zinc-700">What to judge</legend>
        {(["runs", "holes"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm text-zinc-800">
            <input
              type="radio"
              name="sourceKind"
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
              data-testid={`judging-source-${value}`}
            />
            {value === "runs" ? "A pool: the top results of chosen runs" : "The holes of one run"}
          </label>
        ))}
      </fieldset>
      {kind === "runs" ? (
        <fieldset className="space-y-1" aria-describedby={runErrors ? "judging-runs-error" : undefined}>
          <legend className="font-medium text-xs text-zinc-700">Runs to pool</legend>
          <div className="max-h-44 space-y-1 overflow-y-auto rounded-md border border-zinc-200 p-2">
            {runs.map((run, index) => (
              <label key={run.id} className="flex items-center gap-2 text-xs text-zinc-800">
                <input
                  type="checkbox"
                  name="runIds"
                  value={run.id}
                  defaultChecked={index === 0}
                  data-testid="judging-run"
                />
                {run.label}
              </label>
            ))}
          </div>
          <FieldError id="judging-runs-error" error={runErrors} />
        </fieldset>
      ) : (
        <Field label="Run" htmlFor="judging-holes-run" error={fieldErrorsOf(state, "source.runId")}>
          <Select name="holesRunId" data-testid="judging-holes-run">
            {runs.map((run) => (
              <option key={run.id} value={run.id}>
                {run.label}
              </option>
            ))}
          </Select>
        </Field>
      )}
    </>
  );
}
