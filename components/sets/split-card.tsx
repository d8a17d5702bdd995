"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import { type ActionState, initialActionState } from "@/lib/http/action-state";

type SplitResult = { seed: number; holdoutShare: number; dev: number; holdout: number };

type SplitCardProps = {
  /** The stored split: null when the set was never split (or the split was cleared). */
  split: { seed: number | null; holdoutShare: number | null } | null;
  counts: { dev: number; holdout: number; unsplit: number };
  /** null: the viewer's role may not split (read-only). */
  splitAction:
    | ((state: ActionState<SplitResult>, formData: FormData) => Promise<ActionState<SplitResult>>)
    | null;
  clearAction: ((state: ActionState, formData: FormData) => Promise<ActionState>) | null;
};

/**
 * The set's dev/holdout split: counts per side, the seed and share, and for engineers a form to
 * split, re-split (a new seed, or the same one to place queries added since) or clear it.
 */
export function SplitCard({ split, counts, splitAction, clearAction }: SplitCardProps) {
  const [state, formAction, pending] = useActionState(
    splitAction ?? (async () => initialActionState),
    initialActionState,
  );
  const [clearState, clear, clearing] = useActionState(
    clearAction ?? (async () => initialActionState),
    initialActionState,
  );
  const fieldError = (name: string) => (state.ok ? undefined : state.fieldErrors[name]);
  return (
    <Card className="mb-5" id="split" data-testid="split-card">
      <CardHeader
        title="Dev and holdout queries"
        description="Choose a configuration on dev queries, then read its numbers on holdout: the best of many configurations tried on the same queries looks better than it is (the winner's curse). Sweeps choose on dev and report holdout; comparisons and the CI gate can be restricted to one side."
      />
      <div className="space-y-3 px-4 py-3 text-sm">
        {split ? (
          <p data-testid="split-summary">
            <span className="font-medium" data-testid="split-dev">
              {counts.dev} dev
            </span>{" "}
            ·{" "}
            <span className="font-medium" data-testid="split-holdout">
              {counts.holdout} holdout
            </span>{" "}
            <span className="text-zinc-500">
              (
              {split.holdoutShare === null
                ? "imported: share and seed not recorded"
                : `aimed at ${Math.round(split.holdoutShare * 100)}% holdout per query class, seed `}
              {split.seed === null ? null : <code data-testid="split-seed">{split.seed}</code>})
            </span>
          </p>
        ) : (
          <p className="text-zinc-600" data-testid="split-summary">
            Not split: every number is over all queries.
          </p>
        )}
        {split && counts.unsplit > 0 ? (
          <p className="text-amber-700 text-xs" data-testid="split-unsplit">
            {counts.unsplit} {counts.unsplit === 1 ? "query was" : "queries were"} added after the split and{" "}
            {counts.unsplit === 1 ? "is" : "are"} on neither side: re-split (the same seed keeps the others
            where they are, class by class, as far as the shares allow) to place{" "}
            {counts.unsplit === 1 ? "it" : "them"}.
          </p>
        ) : null}
        {splitAction ? (
          <form action={formAction} className="flex flex-wrap items-end gap-3" data-testid="split-form">
            <Field label="Holdout share" htmlFor="split-share" error={fieldError("holdoutShare")}>
              <Input
                id="split-share"
                name="holdoutShare"
                type="number"
                min={0.1}
                max={0.9}
                step={0.05}
                defaultValue={split?.holdoutShare ?? 0.3}
                className="w-24"
              />
            </Field>
            <Field
              label="Seed"
              htmlFor="split-seed-input"
              hint="blank: a random one"
              error={fieldError("seed")}
            >
              <Input
                id="split-seed-input"
                name="seed"
                inputMode="numeric"
                defaultValue={split?.seed === null || split === null ? "" : String(split.seed)}
                className="w-36"
              />
            </Field>
            <Button type="submit" size="sm" disabled={pending} data-testid="split-submit">
              {pending ? "Splitting…" : split ? "Re-split" : "Split"}
            </Button>
            {split && clearAction ? (
              <Button
                type="submit"
                size="sm"
                variant="ghost"
                formAction={clear}
                disabled={clearing}
                data-testid="split-clear"
              >
                Clear split
              </Button>
            ) : null}
          </form>
        ) : null}
        {!state.ok ? (
          <p role="alert" className="text-xs text-red-600">
            {state.error}
          </p>
        ) : state.data && !pending ? (
          <p role="status" className="text-xs text-emerald-700" data-testid="split-saved">
            Split: {state.data.dev} dev, {state.data.holdout} holdout (seed {state.data.seed}).
          </p>
        ) : null}
        {!clearState.ok ? (
          <p role="alert" className="text-xs text-red-600">
            {clearState.error}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
