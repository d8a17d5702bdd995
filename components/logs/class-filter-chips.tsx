"use client";

import { cx } from "@/components/ui/cx";

export type ClassOption = { id: string; label: string; description: string; distinct: number };

type ClassFilterChipsProps = {
  options: ClassOption[];
  /** the class filtered on, null for all */
  value: string | null;
  onChange: (queryClass: string | null) => void;
};

const chip =
  "inline-flex h-6 items-center gap-1 rounded-full border px-2 text-[11px] font-medium transition-colors " +
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";

/** One toggle per class of the log; pressing the active one again shows all queries. */
export function ClassFilterChips({ options, value, onChange }: ClassFilterChipsProps) {
  const tone = (pressed: boolean) =>
    pressed
      ? "border-brand-300 bg-brand-50 text-brand-800"
      : "border-zinc-200 bg-white text-zinc-600 hover:border-zinc-300 hover:text-zinc-900";
  return (
    <fieldset className="flex flex-wrap items-center gap-1" data-testid="class-filter">
      <legend className="sr-only">Filter by class</legend>
      <button
        type="button"
        className={cx(chip, tone(value === null))}
        aria-pressed={value === null}
        onClick={() => onChange(null)}
      >
        All
      </button>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          className={cx(chip, tone(value === option.id))}
          aria-pressed={value === option.id}
          title={option.description}
          onClick={() => onChange(value === option.id ? null : option.id)}
          data-testid={`class-filter-${option.id}`}
        >
          {option.label}
          <span className="text-zinc-400 tabular-nums">{option.distinct.toLocaleString("en")}</span>
        </button>
      ))}
    </fieldset>
  );
}
