"use client";

import { usePathname, useRouter } from "next/navigation";
import { useOptimistic, useState, useTransition } from "react";
import { Input } from "@/components/ui/field";
import { MAX_CHART_RUNS } from "./chart-run-selection";
import { RunSwatch } from "./run-swatch";

type ChartRunOption = {
  id: string;
  name: string;
  color: string;
  dash?: string | undefined;
  /** "set v2 · 2026-12-01 10:02 UTC" */
  detail: string;
  archived: boolean;
  isBaseline: boolean;
};

type ChartRunPickerProps = {
  options: ChartRunOption[];
  selected: string[];
  /** The page's other URL params, kept when the selection changes. */
  query: Record<string, string | undefined>;
};

function hrefWith(
  pathname: string,
  query: Record<string, string | undefined>,
  chart: string[] | null,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(key, value);
  if (chart) params.set("chart", chart.join(","));
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * Which runs the recall chart shows: a searchable checkbox list, the choice kept in the URL
 * (`?chart=id,id`) so the view can be shared. Archived runs are listed only once chosen.
 */
export function ChartRunPicker({ options, selected, query }: ChartRunPickerProps) {
  const router = useRouter();
  const pathname = usePathname();
  const [search, setSearch] = useState("");
  const [pending, startTransition] = useTransition();
  // Ticked at once; the chart follows when the page comes back with the new selection.
  const [shown, setShown] = useOptimistic(selected);
  const chosen = new Set(shown);
  const needle = search.trim().toLowerCase();
  const visible = options.filter(
    (option) =>
      (!option.archived || chosen.has(option.id)) &&
      (needle === "" || option.name.toLowerCase().includes(needle)),
  );
  const go = (chart: string[] | null) =>
    startTransition(() => {
      if (chart) setShown(chart);
      router.replace(hrefWith(pathname, query, chart), { scroll: false });
    });
  const toggle = (id: string) => go(chosen.has(id) ? shown.filter((entry) => entry !== id) : [...shown, id]);
  const full = shown.length >= MAX_CHART_RUNS;

  return (
    <div className="space-y-2" data-testid="chart-run-picker" aria-busy={pending}>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="chart-run-search" className="sr-only">
          Find a run
        </label>
        <div className="w-56">
          <Input
            id="chart-run-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Find a run"
            data-testid="chart-run-search"
          />
        </div>
        <span className="text-xs text-zinc-500">
          {shown.length} of at most {MAX_CHART_RUNS} lines
        </span>
        <button
          type="button"
          onClick={() => go(null)}
          className="text-xs font-medium text-brand-700 hover:underline"
          data-testid="chart-run-default"
        >
          Back to the default
        </button>
      </div>
      <ul className="max-h-56 space-y-0.5 overflow-y-auto rounded-md border border-zinc-200 p-2">
        {visible.map((option) => {
          const checked = chosen.has(option.id);
          return (
            <li key={option.id}>
              <label
                className="flex min-w-0 cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-xs hover:bg-zinc-50"
                data-testid="chart-run-option"
                data-run-id={option.id}
              >
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && full}
                  onChange={() => toggle(option.id)}
                  className="size-3.5 shrink-0 accent-brand-600"
                />
                <RunSwatch color={option.color} dash={option.dash} />
                <span className="min-w-0 flex-1 truncate font-medium text-zinc-800" title={option.name}>
                  {option.isBaseline ? "★ " : ""}
                  {option.name}
                </span>
                <span className="shrink-0 truncate text-zinc-400">{option.detail}</span>
              </label>
            </li>
          );
        })}
        {visible.length === 0 ? (
          <li className="px-1 text-xs text-zinc-500">No finished run matches.</li>
        ) : null}
      </ul>
    </div>
  );
}
