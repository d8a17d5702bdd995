"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { type ActionState, initialActionState } from "@/lib/http/action-state";

type Policy = "any" | "majority" | "mean";

type JudgmentPolicyCardProps = {
  policy: Policy;
  /** null: the viewer's role may not change it (read-only). */
  action:
    | ((
        state: ActionState<{ policy: Policy }>,
        formData: FormData,
      ) => Promise<ActionState<{ policy: Policy }>>)
    | null;
};

const choices: { value: Policy; title: string; description: string }[] = [
  { value: "any", title: "Any annotator", description: "every label counts with its grade" },
  {
    value: "majority",
    title: "Majority",
    description: "a document is relevant only when more than half of its annotators say so",
  },
  {
    value: "mean",
    title: "Mean grade",
    description: "grades are capped at the annotators' mean, rounded half up",
  },
];

/**
 * The set's judgment policy: which judgments count where no decision was recorded (README,
 * “Which judgments count”). Adjudicators change it; others see it.
 */
export function JudgmentPolicyCard({ policy, action }: JudgmentPolicyCardProps) {
  const [state, formAction, pending] = useActionState(
    action ?? (async () => initialActionState),
    initialActionState,
  );
  const current = state.ok && state.data ? state.data.policy : policy;
  return (
    <Card className="mb-5" id="judgment-policy">
      <CardHeader
        title="Which judgments count"
        description="Where annotators disagree on a document, evaluation counts the adjudicated decision; elsewhere this rule. It applies to runs started after a change."
      />
      <form
        action={formAction}
        className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2 px-4 py-3"
        data-testid="judgment-policy-form"
      >
        <fieldset className="space-y-1" disabled={action === null || pending}>
          <legend className="sr-only">Which judgments count</legend>
          {choices.map((choice) => (
            <label
              key={choice.value}
              className="flex items-baseline gap-1.5 text-xs text-zinc-600"
              title={choice.description}
            >
              <input
                type="radio"
                name="policy"
                value={choice.value}
                defaultChecked={choice.value === current}
                className="accent-zinc-900"
                data-testid={`judgment-policy-${choice.value}`}
              />
              <span className="font-medium text-zinc-800">{choice.title}</span>
              <span className="text-zinc-500">— {choice.description}</span>
            </label>
          ))}
        </fieldset>
        {action ? (
          <Button type="submit" size="sm" disabled={pending} data-testid="judgment-policy-save">
            {pending ? "Saving…" : "Save"}
          </Button>
        ) : null}
        {state.ok ? (
          state.data && !pending ? (
            <span role="status" className="text-xs text-emerald-700">
              Saved: the next run counts judgments this way.
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
