"use client";

import { useActionState } from "react";
import { Card, CardHeader } from "@/components/ui/card";
import { type ActionState, initialActionState } from "@/lib/http/action-state";
import { SettingSave } from "./setting-save";

type SettingChoice<Value extends string> = { value: Value; title: string; description: string };

/** A setting's server action; null when the viewer's role may not change it (read-only). */
type ChoiceSettingAction<Name extends string, Value extends string> =
  | ((
      state: ActionState<Record<Name, Value>>,
      formData: FormData,
    ) => Promise<ActionState<Record<Name, Value>>>)
  | null;

/** What a setting is: the card's texts, its choices and the form field (judgment-policy-setting.ts). */
export type ChoiceSetting<Name extends string, Value extends string> = {
  /** The card's anchor, and the prefix of its data-testids: `{id}-form`, `{id}-{value}`, `{id}-save`. */
  id: string;
  title: string;
  description: string;
  /** The form field, and the key of the saved value in what the action returns. */
  name: Name;
  choices: readonly SettingChoice<Value>[];
  /** The confirmation after a save. */
  savedMessage: string;
};

type ChoiceSettingCardProps<Name extends string, Value extends string> = ChoiceSetting<Name, Value> & {
  value: Value;
  action: ChoiceSettingAction<Name, Value>;
};

/** A set's setting picked from a few choices by radio buttons, saved by a server action. */
export function ChoiceSettingCard<Name extends string, Value extends string>({
  id,
  title,
  description,
  name,
  choices,
  value,
  action,
  savedMessage,
}: ChoiceSettingCardProps<Name, Value>) {
  const [state, formAction, pending] = useActionState(
    action ?? (async () => initialActionState),
    initialActionState,
  );
  const current = state.ok && state.data ? state.data[name] : value;
  return (
    <Card className="mb-5" id={id}>
      <CardHeader title={title} description={description} />
      <form
        action={formAction}
        className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2 px-4 py-3"
        data-testid={`${id}-form`}
      >
        <fieldset className="space-y-1" disabled={action === null || pending}>
          <legend className="sr-only">{title}</legend>
          {choices.map((choice) => (
            <label
              key={choice.value}
              className="flex items-baseline gap-1.5 text-xs text-zinc-600"
              title={choice.description}
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                defaultChecked={choice.value === current}
                className="accent-zinc-900"
                data-testid={`${id}-${choice.value}`}
              />
              <span className="font-medium text-zinc-800">{choice.title}</span>
              <span className="text-zinc-500">— {choice.description}</span>
            </label>
          ))}
        </fieldset>
        <SettingSave
          state={state}
          pending={pending}
          canSave={action !== null}
          saveTestId={`${id}-save`}
          saved={() => savedMessage}
        />
      </form>
    </Card>
  );
}
