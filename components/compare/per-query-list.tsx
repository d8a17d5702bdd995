"use client";

import { useMemo, useState } from "react";
import { DownloadCsvButton } from "@/components/exports/download-csv-button";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, TBody, Td, THead } from "@/components/ui/table";
import { measureLabel } from "@/lib/comparisons/compared-measures";
import { type ComparisonParams, comparisonHref } from "@/lib/comparisons/comparison-params";
import { type ComparisonQueryRow, countOutcomes, filterQueryRows } from "@/lib/comparisons/query-rows";
import { type PerQueryFilterState, PerQueryFilters } from "./per-query-filters";
import { type ListRun, PerQueryHeadings } from "./per-query-headings";
import { PerQueryRow } from "./per-query-row";

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
  const [filters, setFilters] = useState<PerQueryFilterState>({
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
      <PerQueryFilters
        filters={filters}
        update={update}
        measures={props.measures}
        others={others}
        counts={counts}
        classes={classes}
        tags={tags}
        shownCount={shown.length}
        totalCount={props.rows.length}
      />
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
            {shown.map(({ row, delta, outcome: rowOutcome }) => (
              <PerQueryRow
                key={row.queryId}
                row={row}
                delta={delta}
                rowOutcome={rowOutcome}
                setId={props.setId}
                state={state}
                runs={props.runs}
                measure={measure}
                runId={runId}
                baselineId={baselineId}
                openQueryId={props.openQueryId}
              />
            ))}
          </TBody>
        </Table>
      </div>
    </Card>
  );
}
