"use client";

import { useActionState, useState } from "react";
import { SampleTargetFields } from "@/components/logs/sample-target-fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { type ActionState, fieldErrorsOf, initialActionState, submittedValue } from "@/lib/http/action-state";
import { defaultSampleSize, MAX_SAMPLE_SIZE } from "@/lib/logs/sample-into-set-schema";
import { DEFAULT_MIN_PER_CLASS, DEFAULT_SAMPLE_SEED } from "@/lib/logs/sample-queries";

type SampleIntoSetFormProps = {
  /** Redirects to the set on success; answers with the problems otherwise. */
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  sets: { id: string; name: string; corpusName: string }[];
  corpora: { id: string; name: string }[];
  /** the log's distinct queries: the proposed size is never more than there are */
  distinctQueries: number;
};

const strategyHints: Record<string, string> = {
  stratified:
    "Covers every class (at least “min per class” each), the rest in proportion to the log's lines.",
  head: "The most frequent queries: what most users ask.",
  tail: "At random among the rare queries (at most the median count): the long tail.",
};

/** "Sample into a golden set": strategy, size, seed, into an existing or a new set. */
export function SampleIntoSetForm({ action, sets, corpora, distinctQueries }: SampleIntoSetFormProps) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  const [target, setTarget] = useState<"existing" | "new">(sets.length > 0 ? "existing" : "new");
  const [strategy, setStrategy] = useState("stratified");

  return (
    <form action={formAction} className="space-y-3" data-testid="sample-form">
      {state.ok ? null : (
        <Alert tone="error" compact data-testid="sample-error">
          {state.error}
        </Alert>
      )}
      <SampleTargetFields state={state} sets={sets} corpora={corpora} target={target} setTarget={setTarget} />
      <Field
        label="Strategy"
        htmlFor="sample-strategy"
        hint={strategyHints[strategy]}
        error={fieldErrorsOf(state, "strategy")}
      >
        <Select
          name="strategy"
          value={strategy}
          onChange={(event) => setStrategy(event.target.value)}
          data-testid="sample-strategy"
        >
          <option value="stratified">Stratified by class</option>
          <option value="head">Head (most frequent)</option>
          <option value="tail">Tail (rare)</option>
        </Select>
      </Field>
      <div className="grid grid-cols-3 gap-2">
        <Field label="Size" htmlFor="sample-size" error={fieldErrorsOf(state, "size")}>
          <Input
            name="size"
            type="number"
            min={1}
            max={MAX_SAMPLE_SIZE}
            defaultValue={submittedValue(state, "size") ?? defaultSampleSize(distinctQueries)}
            data-testid="sample-size"
          />
        </Field>
        <Field label="Seed" htmlFor="sample-seed" error={fieldErrorsOf(state, "seed")}>
          <Input
            name="seed"
            type="number"
            min={0}
            defaultValue={submittedValue(state, "seed") ?? DEFAULT_SAMPLE_SEED}
            data-testid="sample-seed"
          />
        </Field>
        <Field
          label="Min per class"
          htmlFor="sample-min-per-class"
          error={fieldErrorsOf(state, "minPerClass")}
        >
          <Input
            name="minPerClass"
            type="number"
            min={0}
            max={100}
            defaultValue={submittedValue(state, "minPerClass") ?? DEFAULT_MIN_PER_CLASS}
            disabled={strategy !== "stratified"}
            data-testid="sample-min-per-class"
          />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-xs text-zinc-700">
        <input
          type="checkbox"
          name="excludeNearDuplicates"
          defaultChecked={state.ok || submittedValue(state, "excludeNearDuplicates") === "on"}
          className="size-3.5 accent-brand-500"
          data-testid="sample-exclude-near-duplicates"
        />
        Skip near-duplicates of queries already picked or in the set
      </label>
      <Button type="submit" variant="primary" disabled={pending} data-testid="sample-submit">
        {pending ? "Sampling…" : "Sample into golden set"}
      </Button>
      <p className="text-[11px] text-zinc-400">Same seed, same log, same set: same sample.</p>
    </form>
  );
}
