"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { DownloadCsvButton } from "@/components/exports/download-csv-button";
import { classLabel } from "@/components/logs/class-labels";
import { Card, CardHeader } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { Table, TBody, Td, THead, Tr } from "@/components/ui/table";
import { measureLabel } from "@/lib/comparisons/compared-measures";
import {
  type ComparisonParams,
  comparisonHref,
  QUERY_LIST_MIN_CHANGES,
} from "@/lib/comparisons/comparison-params";
import { formatDelta, formatValue } from "@/lib/comparisons/format-comparison";
import {
  type ComparisonQueryRow,
  countOutcomes,
  filterQueryRows,
  type QueryListSort,
  type QueryOutcome,
} from "@/lib/comparisons/query-rows";
import { FilterSelect } from "./filter-select";
import { type ListRun, PerQueryHeadings } from "./per-query-headings";

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

/**
 * Every compared query with its value in each run: filter by class, tag, win/loss/tie of one run
 * against the baseline and size of the change; sort by the change. Every choice is written into
 * the URL (history.replaceState: no reload, no new history entry), so a shared link reopens the
 * same list; a query opens its passages side by side (the baseline's and the chosen run's).
 */
export function PerQueryList(props: {
  setId: string;
  state: ComparisonParams;
  rows: ComparisonQueryRow[];
  runs: ListRun[];
  measures: string[];
  openQueryId: string | undefined;
  csv: string;
}) {
  const baseline = props.runs.find((run) => run.baseline);
  const others = props.runs.filter((run) => !run.baseline);
  const baselineId = baseline?.id ?? "";
  const initial = props.state;
  const [filters, setFilters] = useState({
    measure: props.measures.find((key) => key === initial.measure) ?? props.measures[0] ?? "recall@5",
    against: others.find((run) => run.id === initial.against)?.id ?? others[0]?.id ?? "",
    outcome: initial.outcome,
    queryClass: initial.queryClass,
    tag: initial.tag,
    minChange: initial.minChange,
    sort: initial.sort,
  });
  const { measure, against: runId, outcome, queryClass, tag, minChange, sort } = filters;
  const state: ComparisonParams = { ...props.state, ...filters };
  const update = (change: Partial<typeof filters>) => {
    const next = { ...filters, ...change };
    setFilters(next);
    window.history.replaceState(null, "", comparisonHref(props.setId, { ...props.state, ...next }));
  };

  const classes = useMemo(() => [...new Set(props.rows.flatMap((row) => row.classes))].sort(), [props.rows]);
  const tags = useMemo(() => [...new Set(props.rows.flatMap((row) => row.tags))].sort(), [props.rows]);
  const counts = countOutcomes(props.rows, { baselineId, runId, measure });
  const shown = filterQueryRows(props.rows, {
    measure,
    baselineId,
    runId,
    queryClass,
    tag,
    outcome,
    minChange,
    sort,
  });

  return (
    <Card data-testid="per-query">
      <CardHeader
        title="Per query"
        description={`Each query's ${measureLabel(measure)} in every run. Open a query to see the baseline's and a run's passages side by side.`}
        actions={
          <DownloadCsvButton csv={props.csv} fileName="comparison-per-query.csv" testId="per-query-csv" />
        }
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-zinc-100 border-b px-4 py-2.5 text-xs text-zinc-600">
        <FilterSelect
          label="Measure"
          value={measure}
          onChange={(value) => update({ measure: value })}
          options={props.measures.map((key) => ({ value: key, label: measureLabel(key) }))}
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
          {shown.length} of {props.rows.length} queries
        </span>
      </div>
      <div className="max-h-[34rem] overflow-y-auto">
        <Table className="text-xs">
          <THead className="sticky top-0 z-[1] bg-zinc-50">
            <PerQueryHeadings runs={props.runs} chosenId={runId} measure={measure} />
          </THead>
          <TBody>
            {shown.length === 0 ? (
              <tr>
                <Td colSpan={props.runs.length + 3} align="center" className="py-6 text-zinc-500">
                  No query matches these filters.
                </Td>
              </tr>
            ) : null}
            {shown.map(({ row, delta, outcome: rowOutcome }) => {
              const open = row.queryId === props.openQueryId;
              return (
                <Tr
                  key={row.queryId}
                  data-testid="per-query-row"
                  data-outcome={rowOutcome ?? "none"}
                  className={cx(open && "bg-brand-50/70 hover:bg-brand-50")}
                >
                  <Td className="max-w-[18rem]">
                    <Link
                      href={`${comparisonHref(props.setId, { ...state, query: row.queryId })}#passages`}
                      className="flex min-w-0 items-baseline gap-2 hover:underline"
                      data-testid="open-query"
                    >
                      <span className="shrink-0 font-mono text-[11px] text-zinc-400">{row.key}</span>
                      <span className="truncate text-zinc-900" title={row.text}>
                        {row.text}
                      </span>
                    </Link>
                  </Td>
                  <Td className="max-w-[8rem] truncate text-zinc-500" title={row.classes.join(", ")}>
                    {row.classes.map((name) => classLabel(name).label).join(", ") || "—"}
                  </Td>
                  {props.runs.map((run) => {
                    const value = row.values[run.id]?.[measure];
                    const reference = row.values[baselineId]?.[measure];
                    const direction =
                      run.baseline || value === undefined || reference === undefined
                        ? 0
                        : Math.sign(Number((value - reference).toFixed(9)));
                    return (
                      <Td
                        key={run.id}
                        numeric
                        className={cx(
                          run.id === runId && "bg-zinc-50",
                          direction > 0 && "text-emerald-700",
                          direction < 0 && "text-red-700",
                          direction === 0 && "text-zinc-600",
                        )}
                      >
                        {formatValue(value)}
                      </Td>
                    );
                  })}
                  <Td
                    numeric
                    data-testid="per-query-delta"
                    className={cx(
                      "font-medium",
                      rowOutcome === "win" && "text-emerald-700",
                      rowOutcome === "loss" && "text-red-700",
                      (rowOutcome === "tie" || rowOutcome === null) && "text-zinc-400",
                    )}
                  >
                    {formatDelta(delta)}
                  </Td>
                </Tr>
              );
            })}
          </TBody>
        </Table>
      </div>
    </Card>
  );
}
