"use client";

import { classLabel } from "@/components/logs/class-labels";
import { cx } from "@/components/ui/cx";
import { measureLabel } from "@/lib/comparisons/compared-measures";
import { type ComparisonParams, QUERY_LIST_MIN_CHANGES } from "@/lib/comparisons/comparison-params";
import type { QueryListSort, QueryOutcome } from "@/lib/comparisons/query-rows";
import { FilterSelect } from "./filter-select";
import type { ListRun } from "./per-query-headings";

const SORTS: { value: QueryListSort; label: string }[] = [
  { value: "largest-change", label: "Largest change first" },
  { value: "biggest-loss", label: "Biggest losses first" },
  { value: "biggest-win", label: "Biggest wins first" },
  { value: "set", label: "Set order" },
];
const OUTCOMES: { value: QueryOutcome | undefined; label: string }[] = [
  { value: undefined, label: "All" },
  { value: "win", label: "Wins" },
  { value: "loss", label: "Losses" },
  { value: "tie", label: "Ties" },
];

/** The per-query list's choices, as written into the URL. */
export type PerQueryFilterState = {
  measure: string;
  against: string;
  outcome: ComparisonParams["outcome"];
  queryClass: ComparisonParams["queryClass"];
  tag: ComparisonParams["tag"];
  minChange: ComparisonParams["minChange"];
  sort: ComparisonParams["sort"];
};

/** The per-query list's filter bar: measure, run, outcome (with counts), class, tag, change, sort. */
export function PerQueryFilters({
  filters,
  update,
  measures,
  others,
  counts,
  classes,
  tags,
  shownCount,
  totalCount,
}: {
  filters: PerQueryFilterState;
  update: (change: Partial<PerQueryFilterState>) => void;
  measures: string[];
  others: ListRun[];
  counts: Record<QueryOutcome, number>;
  classes: string[];
  tags: string[];
  shownCount: number;
  totalCount: number;
}) {
  const { measure, against: runId, outcome, queryClass, tag, minChange, sort } = filters;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-zinc-100 border-b px-4 py-2.5 text-xs text-zinc-600">
      <FilterSelect
        label="Measure"
        value={measure}
        onChange={(value) => update({ measure: value })}
        options={measures.map((key) => ({ value: key, label: measureLabel(key) }))}
        testId="per-query-measure"
      />
      <FilterSelect
        label="Wins and losses of"
        value={runId}
        onChange={(value) => update({ against: value })}
        options={others.map((run) => ({ value: run.id, label: run.name }))}
        testId="per-query-run"
      />
      <fieldset
        className="flex items-center gap-0.5 rounded-md border border-zinc-200 p-0.5"
        aria-label="Outcome"
      >
        {OUTCOMES.map((option) => {
          const count = option.value ? counts[option.value] : counts.win + counts.loss + counts.tie;
          const active = outcome === option.value;
          return (
            <button
              key={option.label}
              type="button"
              aria-pressed={active}
              data-testid={`outcome-${option.value ?? "all"}`}
              onClick={() => update({ outcome: option.value })}
              className={cx(
                "rounded px-2 py-0.5",
                active ? "bg-zinc-900 text-white" : "text-zinc-600 hover:bg-zinc-100",
              )}
            >
              {option.label} <span className={active ? "text-zinc-300" : "text-zinc-400"}>{count}</span>
            </button>
          );
        })}
      </fieldset>
      <FilterSelect
        label="Class"
        value={queryClass ?? ""}
        onChange={(value) => update({ queryClass: value || undefined })}
        options={[
          { value: "", label: "All" },
          ...classes.map((name) => ({ value: name, label: classLabel(name).label })),
        ]}
        testId="per-query-class"
      />
      {tags.length > 0 ? (
        <FilterSelect
          label="Tag"
          value={tag ?? ""}
          onChange={(value) => update({ tag: value || undefined })}
          options={[{ value: "", label: "All" }, ...tags.map((name) => ({ value: name, label: name }))]}
          testId="per-query-tag"
        />
      ) : null}
      <FilterSelect
        label="Change"
        value={String(minChange)}
        onChange={(value) => update({ minChange: Number(value) })}
        options={QUERY_LIST_MIN_CHANGES.map((value) => ({
          value: String(value),
          label: value === 0 ? "any" : `|Δ| ≥ ${value}`,
        }))}
        testId="per-query-min-change"
      />
      <FilterSelect
        label="Sort"
        value={sort}
        onChange={(value) => update({ sort: value as QueryListSort })}
        options={SORTS}
        testId="per-query-sort"
      />
      <span className="ml-auto text-zinc-500" data-testid="per-query-count">
        {shownCount} of {totalCount} queries
      </span>
    </div>
  );
}
