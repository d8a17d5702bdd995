"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { formatDateTime } from "@/components/ui/format-date";
import { Link } from "@/components/ui/link";
import { StatusBadge } from "@/components/ui/status-badge";
import {
  type ComparisonParams,
  comparisonHref,
  MAX_COMPARED_RUNS,
} from "@/lib/comparisons/comparison-params";
import type { SignificanceTest } from "@/lib/eval/compare-runs";
import { DEFAULT_PERMUTATIONS } from "@/lib/eval/statistics/paired-randomization-test";
import type { PickerRun } from "@/lib/runs/load-comparison";
import { RunDot } from "./run-swatch";

/**
 * Choose the baseline (one) and up to six runs of the set, and the paired test; "Compare" puts
 * the choice in the URL. Runs without results cannot be chosen; archived runs are listed only
 * when asked for.
 */
export function RunPicker(props: {
  setId: string;
  runs: PickerRun[];
  state: ComparisonParams;
  pinnedBaselineId: string | null;
  hiddenArchived: number;
  open: boolean;
}) {
  const router = useRouter();
  const [baseline, setBaseline] = useState<string | undefined>(
    props.state.baseline ?? props.pinnedBaselineId ?? undefined,
  );
  const [chosen, setChosen] = useState<string[]>(props.state.runs);
  const [test, setTest] = useState<SignificanceTest>(props.state.test);
  const [split, setSplit] = useState<ComparisonParams["split"]>(props.state.split);
  const selected = chosen.filter((id) => id !== baseline);
  const full = selected.length >= MAX_COMPARED_RUNS;
  const toggle = (id: string) =>
    setChosen((current) =>
      current.includes(id) ? current.filter((other) => other !== id) : [...current, id],
    );
  const submit = () =>
    router.push(
      comparisonHref(props.setId, {
        baseline,
        runs: selected,
        test,
        archived: props.state.archived,
        split,
      }),
    );

  return (
    <details
      open={props.open}
      className="group rounded-lg border border-zinc-200 bg-white shadow-xs"
      data-testid="run-picker"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-2.5 text-sm">
        <span className="font-semibold text-zinc-900">Choose runs</span>
        <span className="text-xs text-zinc-500">
          A baseline and up to {MAX_COMPARED_RUNS} runs of this set
          <span className="ml-2 text-zinc-400 group-open:hidden">▸ open</span>
        </span>
      </summary>
      <div className="border-zinc-100 border-t">
        <div className="max-h-[22rem] overflow-y-auto">
          <table className="w-full text-left text-xs">
            <thead className="sticky top-0 bg-zinc-50 text-zinc-500">
              <tr>
                <th className="w-20 px-3 py-1.5 font-medium">Baseline</th>
                <th className="w-20 px-3 py-1.5 font-medium">Compare</th>
                <th className="px-3 py-1.5 font-medium">Run</th>
                <th className="px-3 py-1.5 font-medium">Retriever</th>
                <th className="px-3 py-1.5 text-right font-medium">Set version</th>
                <th className="px-3 py-1.5 font-medium">Created</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {props.runs.map((run) => {
                const checked = selected.includes(run.id);
                return (
                  <PickerRow
                    key={run.id}
                    run={run}
                    isBaseline={baseline === run.id}
                    checked={checked}
                    full={full && !checked}
                    pinned={run.id === props.pinnedBaselineId}
                    onBaseline={() => setBaseline(run.id)}
                    onToggle={() => toggle(run.id)}
                  />
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="flex flex-wrap items-center gap-3 border-zinc-100 border-t px-4 py-2.5 text-xs">
          <TestAndQueries test={test} onTest={setTest} split={split} onSplit={setSplit} />
          {props.hiddenArchived > 0 || props.state.archived ? (
            <Link
              href={comparisonHref(props.setId, { ...props.state, archived: !props.state.archived })}
              className="text-zinc-500 underline-offset-2 hover:underline"
            >
              {props.state.archived ? "Hide archived runs" : `Show ${props.hiddenArchived} archived`}
            </Link>
          ) : null}
          <span className="ml-auto text-zinc-500">
            {baseline ? "" : "Choose a baseline. "}
            {selected.length} of {MAX_COMPARED_RUNS} runs chosen
          </span>
          <Button
            variant="primary"
            size="sm"
            disabled={!baseline || selected.length === 0}
            onClick={submit}
            data-testid="picker-compare"
          >
            Compare
          </Button>
        </div>
      </div>
    </details>
  );
}

/** One run of the picker: baseline radio, compare checkbox (off when the choice is full), what it is. */
function PickerRow(props: {
  run: PickerRun;
  isBaseline: boolean;
  checked: boolean;
  /** The choice is full and this run is not in it. */
  full: boolean;
  pinned: boolean;
  onBaseline: () => void;
  onToggle: () => void;
}) {
  const { run, isBaseline, checked, full, pinned, onBaseline, onToggle } = props;
  const usable = run.status === "succeeded";
  return (
    <tr
      className={cx(!usable && "text-zinc-400")}
      data-testid="picker-row"
      data-run-name={run.name}
      data-run-id={run.id}
    >
      <td className="px-3 py-1.5">
        <input
          type="radio"
          name="baseline"
          aria-label={`${run.name} as the baseline`}
          disabled={!usable}
          checked={isBaseline}
          onChange={onBaseline}
          data-testid="picker-baseline"
        />
      </td>
      <td className="px-3 py-1.5">
        <input
          type="checkbox"
          aria-label={`Compare ${run.name}`}
          disabled={!usable || isBaseline || full}
          checked={checked}
          onChange={onToggle}
          data-testid="picker-run"
        />
      </td>
      <td className="max-w-[18rem] px-3 py-1.5">
        <span className="flex min-w-0 items-center gap-2">
          <RunDot ordinal={run.ordinal} />
          <span className="truncate font-medium text-zinc-900">{run.name}</span>
          {pinned ? <Badge tone="amber">pinned baseline</Badge> : null}
          {run.archived ? <Badge>archived</Badge> : null}
          {!usable ? <StatusBadge status={run.status} /> : null}
        </span>
        {run.sweep ? (
          <span className="block truncate text-[11px] text-zinc-400">sweep {run.sweep}</span>
        ) : null}
      </td>
      <td className="max-w-[16rem] truncate px-3 py-1.5 text-zinc-600" title={run.retriever}>
        {run.retriever}
      </td>
      <td className="px-3 py-1.5 text-right tabular-nums">{run.setVersion}</td>
      <td className="whitespace-nowrap px-3 py-1.5 text-zinc-500">{formatDateTime(run.createdAt)}</td>
    </tr>
  );
}

/** The paired test and which of the set's queries (a split) the comparison stands on. */
function TestAndQueries(props: {
  test: SignificanceTest;
  onTest: (test: SignificanceTest) => void;
  split: ComparisonParams["split"];
  onSplit: (split: ComparisonParams["split"]) => void;
}) {
  const { test, onTest, split, onSplit } = props;
  return (
    <>
      <label className="flex items-center gap-1.5 text-zinc-600">
        Test
        <select
          value={test}
          onChange={(event) => onTest(event.target.value as SignificanceTest)}
          className="h-7 rounded-md border border-zinc-200 bg-white px-1.5 text-xs"
          data-testid="picker-test"
        >
          <option value="randomization">
            Randomization ({DEFAULT_PERMUTATIONS.toLocaleString("en")} permutations)
          </option>
          <option value="t-test">Paired t-test</option>
        </select>
      </label>
      <label className="flex items-center gap-1.5 text-zinc-600">
        Queries
        <select
          value={split ?? ""}
          onChange={(event) =>
            onSplit(event.target.value === "" ? undefined : (event.target.value as "dev" | "holdout"))
          }
          className="h-7 rounded-md border border-zinc-200 bg-white px-1.5 text-xs"
          data-testid="picker-split"
        >
          <option value="">All queries</option>
          <option value="dev">Dev queries only</option>
          <option value="holdout">Holdout queries only</option>
        </select>
      </label>
    </>
  );
}
