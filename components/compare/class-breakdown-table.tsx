import { DownloadCsvButton } from "@/components/exports/download-csv-button";
import { classLabel } from "@/components/logs/class-labels";
import { Card, CardHeader } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { Comparison } from "@/lib/comparisons/build-comparison";
import { measureLabel } from "@/lib/comparisons/compared-measures";
import { formatValue } from "@/lib/comparisons/format-comparison";
import { RunDot } from "./run-swatch";

/** Cells are tinted from this difference with the baseline, in groups of at least TINT_GROUP queries. */
const TINT_FROM = 0.05;
const TINT_GROUP = 5;
/** Groups smaller than this are listed apart, folded: a query or two says little. */
const SMALL_GROUP = 3;

type Measures = readonly string[];

/**
 * Each run's means per query class and per tag, with how many compared queries each group has:
 * where a change helps and where it hurts. A cell is tinted when a run is clearly above or below
 * the baseline in a group of some size; groups are small, so the tint points at where to look,
 * not at a test. Groups of one or two queries are folded away below the table.
 */
export function ClassBreakdownTable(props: { comparison: Comparison; measures: Measures; csv: string }) {
  const { comparison, measures } = props;
  const large = comparison.breakdown.filter((group) => group.queries >= SMALL_GROUP);
  const small = comparison.breakdown.filter((group) => group.queries < SMALL_GROUP);
  return (
    <Card data-testid="class-breakdown">
      <CardHeader
        title="By query class and tag"
        description={`${measures.map(measureLabel).join(" and ")} of each run per group, on the ${comparison.sharedQueries} queries every run evaluated. Green or red: at least ${TINT_FROM} above or below the baseline in a group of ${TINT_GROUP} or more queries (not tested: groups are small).`}
        actions={
          <DownloadCsvButton csv={props.csv} fileName="comparison-by-class.csv" testId="breakdown-csv" />
        }
      />
      <BreakdownTable comparison={comparison} measures={measures} groups={large} />
      {small.length > 0 ? (
        <details className="border-zinc-100 border-t">
          <summary className="cursor-pointer px-4 py-2 text-xs text-zinc-500 hover:text-zinc-800">
            {small.length} smaller {small.length === 1 ? "group" : "groups"} (fewer than {SMALL_GROUP}{" "}
            queries)
          </summary>
          <BreakdownTable comparison={comparison} measures={measures} groups={small} />
        </details>
      ) : null}
    </Card>
  );
}

function BreakdownTable(props: {
  comparison: Comparison;
  measures: Measures;
  groups: Comparison["breakdown"];
}) {
  const { comparison, measures } = props;
  const baselineId = comparison.runs[0]?.id ?? "";
  return (
    <Table className="text-xs">
      <THead>
        <tr>
          <Th rowSpan={2}>Group</Th>
          <Th rowSpan={2} numeric title="Compared queries in the group">
            Queries
          </Th>
          {comparison.runs.map((run) => (
            <Th key={run.id} colSpan={measures.length} align="center" className="border-zinc-100 border-l">
              <span className="inline-flex max-w-[9rem] items-center gap-1.5" title={run.name}>
                <RunDot ordinal={run.ordinal} baseline={run.baseline} />
                <span className="truncate">{run.name}</span>
              </span>
            </Th>
          ))}
        </tr>
        <tr>
          {comparison.runs.flatMap((run) =>
            measures.map((measure, index) => (
              <Th
                key={`${run.id}-${measure}`}
                numeric
                className={cx(index === 0 && "border-zinc-100 border-l")}
              >
                {measureLabel(measure)}
              </Th>
            )),
          )}
        </tr>
      </THead>
      <TBody>
        {props.groups.map((group) => {
          const name = group.kind === "class" ? classLabel(group.name).label : group.name;
          return (
            <Tr
              key={`${group.kind}-${group.name}`}
              data-testid="breakdown-row"
              data-group={`${group.kind}:${group.name}`}
            >
              <Td className="whitespace-nowrap">
                <span className="mr-1.5 text-[10px] text-zinc-400 uppercase tracking-wide">{group.kind}</span>
                <span className="text-zinc-900">{name}</span>
              </Td>
              <Td numeric className="text-zinc-500">
                {group.queries}
              </Td>
              {comparison.runs.flatMap((run) =>
                measures.map((measure, index) => {
                  const value = group.means[run.id]?.[measure] ?? null;
                  const reference = group.means[baselineId]?.[measure] ?? null;
                  const tinted =
                    run.id !== baselineId &&
                    group.queries >= TINT_GROUP &&
                    value !== null &&
                    reference !== null;
                  const delta = tinted ? value - reference : 0;
                  return (
                    <Td
                      key={`${run.id}-${measure}`}
                      numeric
                      className={cx(
                        index === 0 && "border-zinc-100 border-l",
                        delta >= TINT_FROM && "bg-emerald-50 text-emerald-800",
                        delta <= -TINT_FROM && "bg-red-50 text-red-800",
                      )}
                    >
                      {formatValue(value)}
                    </Td>
                  );
                }),
              )}
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
