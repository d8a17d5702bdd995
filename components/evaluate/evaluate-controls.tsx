"use client";

import { type ChangeEvent, createContext, type ReactNode, useContext } from "react";
import { Field, FieldError, type FieldErrorMessages, Input, Select } from "@/components/ui/field";

// The evaluate form's inputs: each a components/ui Field (label, hint, error) whose input carries
// the name the routes read and the `field-<name>` test id the e2e specs use. Uncontrolled unless
// a section needs the value (FormData reads them on submit).

/** The problems to show beside inputs, by input name (see form-issues.ts). */
export const FieldErrorsContext = createContext<ReadonlyMap<string, readonly string[]>>(new Map());

/** The id of an input (its label and its hint/error ids derive from it). */
export const inputId = (name: string) => `evaluate-${name}`;

/** The problem to show beside the input `name`, if any. */
export function useFieldError(name: string): FieldErrorMessages {
  return useContext(FieldErrorsContext).get(name);
}

type Common = {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  /** the input's data-testid when not `field-<name>` */
  testId?: string;
};

/** The Field of the input `name`: its label, hint and the problem to show beside it. */
function NamedField(props: Common & { children: ReactNode }) {
  return (
    <Field
      label={props.label}
      htmlFor={inputId(props.name)}
      hint={props.hint}
      error={useFieldError(props.name)}
      className={props.className}
    >
      {props.children}
    </Field>
  );
}

export function NumberField(props: Common & { value: number | null; step?: string; optional?: boolean }) {
  return (
    <NamedField {...props}>
      <Input
        type="number"
        name={props.name}
        defaultValue={props.value ?? ""}
        step={props.step ?? "1"}
        required={!props.optional}
        className="tabular-nums"
        data-testid={props.testId ?? `field-${props.name}`}
      />
    </NamedField>
  );
}

/** A text input; two grid columns wide unless `className` says otherwise. */
export function TextField(props: Common & { value: string; placeholder?: string; required?: boolean }) {
  return (
    <NamedField {...props} className={props.className ?? "col-span-2"}>
      <Input
        name={props.name}
        defaultValue={props.value}
        placeholder={props.placeholder}
        required={props.required}
        spellCheck={false}
        data-testid={props.testId ?? `field-${props.name}`}
      />
    </NamedField>
  );
}

/** A select, uncontrolled with `defaultValue` or controlled with `value` and `onChange`. */
export function SelectField(
  props: Common & {
    defaultValue?: string;
    value?: string;
    onChange?: (value: string) => void;
    children: ReactNode;
  },
) {
  const onChange = props.onChange;
  return (
    <NamedField {...props}>
      <Select
        name={props.name}
        defaultValue={props.defaultValue}
        value={props.value}
        onChange={
          onChange ? (event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value) : undefined
        }
        data-testid={props.testId}
      >
        {props.children}
      </Select>
    </NamedField>
  );
}

/** A checkbox with its label beside it; posted as "true"/"false" (the form sets both). */
export function CheckboxField(props: {
  name: string;
  label: string;
  checked: boolean;
  onChange?: (checked: boolean) => void;
  /** one line under the label saying what the box does */
  hint?: string;
}) {
  const error = useFieldError(props.name);
  const errorId = `${inputId(props.name)}-error`;
  return (
    <span className="inline-flex flex-col">
      <label className="inline-flex items-center gap-1.5 text-xs text-zinc-600">
        <input
          type="checkbox"
          name={props.name}
          defaultChecked={props.checked}
          onChange={(event) => props.onChange?.(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="size-3.5 accent-brand-600"
          data-testid={`field-${props.name}`}
        />
        {props.label}
      </label>
      {props.hint ? <span className="pl-5 text-xs text-zinc-500">{props.hint}</span> : null}
      <FieldError id={errorId} error={error} />
    </span>
  );
}
