"use client";

import { useContext, useEffect, useRef } from "react";
import { cx } from "@/components/ui/cx";
import { Field, FieldError, Input } from "@/components/ui/field";
import { CheckboxField, FieldErrorsContext, inputId, SelectField } from "./evaluate-controls";
import { SWEEP_GRID_FIELD } from "./form-issues";
import { type Axis, countPoints, describeGrid, type SweepAxisOption } from "./sweep-grid";

const SWEEP_FIELDS = [SWEEP_GRID_FIELD, "axis1Path", "axis1Values", "axis2Path", "axis2Values"];

/**
 * One or two settings varied over a grid: each axis a setting and its values ("200, 400" or
 * "0:1:0.25"). With an axis filled in the form posts a sweep, one run per point. Opens itself
 * when it has a problem to show.
 */
export function SweepFields(props: {
  /** the two slots, as the form sends them (see `activeAxes`) */
  axes: Axis[];
  options: readonly SweepAxisOption[];
  onAxesChange: (axes: Axis[]) => void;
}) {
  const { axes, options } = props;
  const details = useRef<HTMLDetailsElement>(null);
  const errors = useContext(FieldErrorsContext);
  const gridError = errors.get(SWEEP_GRID_FIELD);
  // after each refused submit (a new map), so a section closed since opens again
  useEffect(() => {
    if (SWEEP_FIELDS.some((name) => errors.has(name)) && details.current) details.current.open = true;
  }, [errors]);

  const summary = describeGrid(countPoints(axes));
  const update = (index: number, change: Partial<Axis>) =>
    props.onAxesChange(axes.map((axis, at) => (at === index ? { ...axis, ...change } : axis)));

  return (
    <details ref={details} className="rounded-md border border-zinc-200 p-2" data-testid="sweep-section">
      <summary className="cursor-pointer text-xs font-medium text-zinc-600">
        Sweep: vary one or two settings over a grid
      </summary>
      <div className="mt-2 space-y-2">
        {axes.map((axis, index) => {
          const slot = index + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: two fixed slots
            <div key={index} className="grid grid-cols-2 gap-2">
              <SelectField
                name={`axis${slot}Path`}
                label={`Axis ${slot}`}
                value={axis.path}
                onChange={(path) => update(index, { path })}
                testId={`sweep-axis-${slot}-path`}
              >
                <option value="">— none —</option>
                {options.map((option) => (
                  <option key={option.path} value={option.path}>
                    {option.label}
                  </option>
                ))}
              </SelectField>
              <Field
                label="Values"
                htmlFor={inputId(`axis${slot}Values`)}
                error={errors.get(`axis${slot}Values`)}
              >
                <Input
                  name={`axis${slot}Values`}
                  value={axis.values}
                  placeholder="200, 400 or 0:1:0.25"
                  disabled={!axis.path}
                  onChange={(event) => update(index, { values: event.target.value })}
                  data-testid={`sweep-axis-${slot}-values`}
                />
              </Field>
            </div>
          );
        })}
        <CheckboxField name="skipInvalid" label="Skip invalid points (e.g. overlap ≥ size)" checked />
        <p
          className={cx("text-xs", summary.isProblem ? "text-red-700" : "text-zinc-500")}
          data-testid="sweep-point-count"
        >
          {summary.text}
        </p>
        <FieldError id={inputId(SWEEP_GRID_FIELD)} error={gridError} />
      </div>
    </details>
  );
}
