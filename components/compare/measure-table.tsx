import { DownloadCsvButton } from "@/components/exports/download-csv-button";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { Comparison } from "@/lib/comparisons/build-comparison";
import { measureLabel } from "@/lib/comparisons/compared-measures";
import { formatInterval, formatP, formatValue } from "@/lib/comparisons/format-comparison";
import { BaselineRow } from "./baseline-row";
import { DeltaValue } from "./delta-cell";
import { RunName } from "./run-swatch";

/**
 * One measure's table: the baseline's mean, then each run's mean, delta with its 95% bootstrap
 * interval, the paired test's p and its Holm-adjusted p, and per-query wins, losses and ties.
 */
export function MeasureTable({
  comparison,
  measure,
  csv,
}: {
  comparison: Comparison;
  measure: string;
  csv: string;
}) {
  const [baseline, ...runs] = comparison.runs;
  const results = new Map(comparison.results.map((result) => [result.runId, result]));
  const label = measureLabel(measure);
  return (
    <Card data-testid="measure-table" data-measure={measure}>
      <CardHeader
        title={label}
        actions={
          <DownloadCsvButton
            csv={csv}
            fileName={`${measure.replace("@", "-at-")}-comparison.csv`}
            testId={`measure-csv-${measure}`}
          />
        }
      />
      <Table className="text-xs">
        <THead>
          <tr>
            <Th>Run</Th>
            <Th numeric>{label}</Th>
            <Th numeric>Δ</Th>
            <Th numeric title="95% bootstrap interval of the mean per-query delta">
              95% CI of Δ
            </Th>
            <Th numeric title="Two-sided paired test of no difference, before Holm's adjustment">
              p (raw)
            </Th>
            <Th numeric title="Holm-adjusted over every run and measure shown">
              p (Holm)
            </Th>
            <Th numeric title="Queries where the run scores higher / lower / the same">
              W / L / T
            </Th>
          </tr>
        </THead>
        <TBody>
          {baseline ? (
            <BaselineRow run={baseline} nameClassName="max-w-[14rem]">
              <Td numeric>{formatValue(comparison.results[0]?.measures[measure]?.baseline)}</Td>
              <Td colSpan={5} className="text-zinc-400">
                reference
              </Td>
            </BaselineRow>
          ) : null}
          {runs.map((run) => (
            <MeasureRow key={run.id} run={run} entry={results.get(run.id)?.measures[measure]} />
          ))}
        </TBody>
      </Table>
    </Card>
  );
}

type MeasureEntry = Comparison["results"][number]["measures"][string];

/** One run's row: its mean, delta and interval, the raw and Holm-adjusted p, and W / L / T. */
function MeasureRow({ run, entry }: { run: Comparison["runs"][number]; entry: MeasureEntry | undefined }) {
  return (
    <Tr data-testid="measure-row" data-run-id={run.id}>
      <Td className="max-w-[14rem]">
        <RunName id={run.id} name={run.name} ordinal={run.ordinal} />
      </Td>
      <Td numeric>{formatValue(entry?.mean)}</Td>
      <Td numeric>
        <DeltaValue entry={entry} showP={false} />
      </Td>
      <Td numeric className="whitespace-nowrap text-zinc-600">
        {formatInterval(entry?.ci95)}
      </Td>
      <Td numeric className="text-zinc-600">
        {formatP(entry?.p)}
      </Td>
      <Td numeric className={entry?.significant ? "font-semibold text-zinc-900" : "text-zinc-600"}>
        {formatP(entry?.pAdjusted)}
      </Td>
      <Td numeric className="whitespace-nowrap">
        {entry ? (
          <>
            <span className="text-emerald-700">{entry.wins}</span>
            <span className="text-zinc-300"> / </span>
            <span className="text-red-700">{entry.losses}</span>
            <span className="text-zinc-300"> / </span>
            <span className="text-zinc-500">{entry.ties}</span>
          </>
        ) : (
          "–"
        )}
      </Td>
    </Tr>
  );
}
