"use client";

const selectClass =
  "h-7 rounded-md border border-zinc-200 bg-white px-1.5 text-xs text-zinc-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";

/** One labelled drop-down of a filter bar: the label before it, the options by value. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  testId: string;
}) {
  return (
    <label className="flex items-center gap-1.5">
      {label}
      <select
        className={selectClass}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
