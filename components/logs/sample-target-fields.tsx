"use client";

import { Field, Input, Select } from "@/components/ui/field";
import { type ActionState, fieldErrorsOf, submittedValue } from "@/lib/http/action-state";

type SampleTargetFieldsProps = {
  state: ActionState;
  sets: { id: string; name: string; corpusName: string }[];
  corpora: { id: string; name: string }[];
  target: "existing" | "new";
  setTarget: (target: "existing" | "new") => void;
};

/** "Into": an existing set, or a new set's name and corpus. */
export function SampleTargetFields({ state, sets, corpora, target, setTarget }: SampleTargetFieldsProps) {
  return (
    <>
      <fieldset className="flex gap-4 text-xs text-zinc-700">
        <legend className="mb-1 font-medium text-xs text-zinc-700">Into</legend>
        {(["existing", "new"] as const).map((option) => (
          <label key={option} className="flex items-center gap-1.5">
            <input
              type="radio"
              name="target"
              value={option}
              checked={target === option}
              disabled={option === "existing" && sets.length === 0}
              onChange={() => setTarget(option)}
              className="accent-brand-500"
              data-testid={`sample-target-${option}`}
            />
            {option === "existing" ? "An existing set" : "A new set"}
          </label>
        ))}
      </fieldset>
      {target === "existing" ? (
        <Field label="Golden set" htmlFor="sample-set" error={fieldErrorsOf(state, "setId")}>
          <Select
            name="setId"
            defaultValue={submittedValue(state, "setId") ?? sets[0]?.id}
            data-testid="sample-set"
          >
            {sets.map((set) => (
              <option key={set.id} value={set.id}>
                {set.name} ({set.corpusName})
              </option>
            ))}
          </Select>
        </Field>
      ) : (
        <div className="grid grid-cols-2 gap-2">
          <Field label="New set name" htmlFor="sample-new-name" error={fieldErrorsOf(state, "newSetName")}>
            <Input
              name="newSetName"
              defaultValue={submittedValue(state, "newSetName")}
              required
              maxLength={200}
              autoComplete="off"
              data-testid="sample-new-name"
            />
          </Field>
          <Field label="Corpus" htmlFor="sample-corpus" error={fieldErrorsOf(state, "corpusId")}>
            <Select
              name="corpusId"
              defaultValue={submittedValue(state, "corpusId") ?? corpora[0]?.id}
              data-testid="sample-corpus"
            >
              {corpora.map((corpus) => (
                <option key={corpus.id} value={corpus.id}>
                  {corpus.name}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      )}
    </>
  );
}
