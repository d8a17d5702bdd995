"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import type { ModelJudgmentsPolicy } from "@/lib/exchange/golden-set-schema";
import { type ActionState, initialActionState } from "@/lib/http/action-state";

type Saved = { modelJudgments: ModelJudgmentsPolicy };

type ModelJudgmentsCardProps = {
  modelJudgments: ModelJudgmentsPolicy;
  /** null: the viewer's role may not change it (read-only). */
  action: ((state: ActionState<Saved>, formData: FormData) => Promise<ActionState<Saved>>) | null;
};

const choices: { value: ModelJudgmentsPolicy; title: string; description: string }[] = [
  {
    value: "ignore",
    title: "Ignore",
    description: "people's labels only; a judge's are kept but never counted",
  },
  {
    value: "fill_holes",
    title: "Fill holes",
    description: "a judge's label counts only where no person judged the passage",
  },
  { value: "model_only", title: "Model only", description: "a judge's labels only, people's left out" },
];

/**
 * What labels of LLM judges (annotator `model:<name>`) count for in the set's evaluations
 * (lib/eval/count-judgments.ts): never mixed with people's silently. Adjudicators change it.
 */
export function ModelJudgmentsCard({ modelJudgments, action }: ModelJudgmentsCardProps) {
  const [state, formAction, pending] = useActionState(
    action ?? (async () => initialActionState),
    initialActionState,
  );
  const current = state.ok && state.data ? state.data.modelJudgments : modelJudgments;
  return (
    <Card className="mb-5" id="model-judgments">
      <CardHeader
        title="Model judgments"
        description="Whether an LLM judge's labels count, before the rule above. Every run says which setting produced its numbers; it applies to runs started after a change."
      />
      <form
        action={formAction}
        className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2 px-4 py-3"
        data-testid="model-judgments-form"
      >
        <fieldset className="space-y-1" disabled={action === null || pending}>
          <legend className="sr-only">Model judgments</legend>
          {choices.map((choice) => (
            <label key={choice.value} className="flex items-baseline gap-1.5 text-xs text-zinc-600">
              <input
                type="radio"
                name="modelJudgments"
                value={choice.value}
                defaultChecked={choice.value === current}
                className="accent-zinc-900"
                data-testid={`model-judgments-${choice.value}`}
              />
              <span className="font-medium text-zinc-800">{choice.title}</span>
              <span className="text-zinc-500">— {choice.description}</span>
            </label>
          ))}
        </fieldset>
        {action ? (
          <Button type="submit" size="sm" disabled={pending} data-testid="model-judgments-save">
            {pending ? "Saving…" : "Save"}
          </Button>
        ) : null}
        {state.ok ? (
          state.data && !pending ? (
            <span role="status" className="text-xs text-emerald-700">
              Saved: the next run counts model judgments this way.
            </span>
          ) : null
        ) : (
          <span role="alert" className="text-xs text-red-600">
            {state.error}
          </span>
        )}
      </form>
    </Card>
  );
}
