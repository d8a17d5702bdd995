"use client";

import { useActionState } from "react";
import { Card, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/field";
import { formatContextBudget } from "@/lib/eval/format-context-budget";
import { type ActionState, initialActionState } from "@/lib/http/action-state";
import { SettingSave } from "./setting-save";

type ContextBudgetCardProps = {
  budgetChars: number;
  /** null: the viewer's role may not change it (read-only). */
  action:
    | ((
        state: ActionState<{ budgetChars: number }>,
        formData: FormData,
      ) => Promise<ActionState<{ budgetChars: number }>>)
    | null;
};

/**
 * The set's context budget: how many characters of results, in rank order, its runs' context
 * recall, precision and IoU read (README, "Context-budget metrics"). Engineers change it; others see it.
 */
export function ContextBudgetCard({ budgetChars, action }: ContextBudgetCardProps) {
  const [state, formAction, pending] = useActionState(
    action ?? (async () => initialActionState),
    initialActionState,
  );
  const current = state.ok && state.data ? state.data.budgetChars : budgetChars;
  return (
    <Card className="mb-5" id="context-budget">
      <CardHeader
        title="Context budget"
        description="Context recall, precision and IoU measure how much of the relevant labeled text a run's results hold within this many characters, taken in rank order — comparable across chunk sizes, unlike recall@k. It applies to runs started after a change."
      />
      <form
        action={formAction}
        className="flex flex-wrap items-end gap-x-4 gap-y-2 px-4 py-3"
        data-testid="context-budget-form"
      >
        <label className="flex flex-col gap-1 text-xs text-zinc-600" htmlFor="context-budget-chars">
          <span className="font-medium text-zinc-800">Characters (100 to 1,000,000)</span>
          <Input
            id="context-budget-chars"
            name="budgetChars"
            type="number"
            inputMode="numeric"
            min={100}
            max={1_000_000}
            step={1}
            required
            defaultValue={state.ok ? current : (state.values?.budgetChars ?? current)}
            disabled={action === null || pending}
            className="w-36"
            aria-invalid={!state.ok}
            data-testid="context-budget-input"
          />
        </label>
        <span className="pb-1.5 text-sm text-zinc-700" data-testid="context-budget-current">
          {formatContextBudget(current)}
        </span>
        <SettingSave
          state={state}
          pending={pending}
          canSave={action !== null}
          saveTestId="context-budget-save"
          saved={(data) => `Saved: the next run reads ${formatContextBudget(data.budgetChars)}.`}
          className="pb-1.5"
        />
      </form>
    </Card>
  );
}
