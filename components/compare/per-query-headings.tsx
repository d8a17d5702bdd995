import { Fragment } from "react";
import { cx } from "@/components/ui/cx";
import { Th } from "@/components/ui/table";
import { deltaHeading, runColumnLabels } from "@/lib/comparisons/abbreviate-run-name";
import { measureLabel } from "@/lib/comparisons/compared-measures";
import { RunDot } from "./run-swatch";

/** The longest label a run's heading shows (about three lines of its column); the title has the rest. */
const HEADING_CHARS = 48;

export type ListRun = { id: string; name: string; ordinal: number; baseline: boolean };

/**
 * A run's column heading: its swatch and its label, one line per " · " part (a sweep point's
 * settings one under the other), wrapped where a part is longer than the column; never clipped.
 */
function RunHeading({ run, label }: { run: ListRun; label: string }) {
  return (
    <span className="inline-flex max-w-[8.5rem] items-start gap-1.5 text-left font-medium leading-tight">
      <span className="mt-1 shrink-0">
        <RunDot ordinal={run.ordinal} baseline={run.baseline} />
      </span>
      <span className="min-w-0 whitespace-normal">
        {label.split(" · ").map((part, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one label, in their order
          <span key={index} className="block [overflow-wrap:anywhere]">
            {/* a break is welcome after "=": "chunking.size=" over "800", not "…=80" over "0" */}
            {part.split(/(?<==)/).map((piece, at) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one part, in their order
              <Fragment key={at}>
                {at > 0 ? <wbr /> : null}
                {piece}
              </Fragment>
            ))}
          </span>
        ))}
      </span>
    </span>
  );
}

/**
 * The per-query list's heading row: a column per run (its swatch and name, readable with five runs
 * and more), then the Δ column naming the run it measures and the baseline it measures against.
 */
export function PerQueryHeadings({
  runs,
  chosenId,
  measure,
}: {
  runs: readonly ListRun[];
  /** The run whose wins and losses the list shows (its column is shaded, its Δ shown). */
  chosenId: string;
  measure: string;
}) {
  const baseline = runs.find((run) => run.baseline);
  const chosen = runs.find((run) => run.id === chosenId && !run.baseline);
  const columnLabels = runColumnLabels(
    runs.map((run) => run.name),
    HEADING_CHARS,
  );
  const labels = new Map(runs.map((run, index) => [run.id, columnLabels[index] ?? run.name]));
  const labelOf = (run: ListRun) => labels.get(run.id) ?? run.name;
  return (
    <tr>
      <Th>Query</Th>
      <Th>Class</Th>
      {runs.map((run) => (
        <Th
          key={run.id}
          numeric
          className={cx("whitespace-normal align-bottom", run.id === chosenId && "bg-zinc-100/80")}
          title={run.baseline ? `${run.name} (baseline)` : run.name}
          data-testid="per-query-run-header"
        >
          <RunHeading run={run} label={labelOf(run)} />
        </Th>
      ))}
      <Th
        numeric
        className="whitespace-normal align-bottom"
        title={`${deltaHeading({ runName: chosen?.name ?? "", baselineName: baseline?.name ?? "" })}, ${measureLabel(measure)}`}
        data-testid="per-query-delta-header"
      >
        {chosen && baseline ? (
          <span className="inline-flex max-w-[9rem] flex-col items-end gap-0.5 whitespace-normal leading-tight">
            <span>Δ {measureLabel(measure)}</span>
            <RunHeading run={chosen} label={labelOf(chosen)} />
            <span className="text-[10px] text-zinc-400">vs</span>
            <RunHeading run={baseline} label={labelOf(baseline)} />
          </span>
        ) : (
          "Δ"
        )}
      </Th>
    </tr>
  );
}
