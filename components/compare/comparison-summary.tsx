import { DownloadCsvButton } from "@/components/exports/download-csv-button";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { Comparison } from "@/lib/comparisons/build-comparison";
import { measureLabel } from "@/lib/comparisons/compared-measures";
import { formatValue } from "@/lib/comparisons/format-comparison";
import { describeVerdict, summarizeVerdicts, type Verdict } from "@/lib/comparisons/run-verdict";
import { BaselineRow } from "./baseline-row";
import { DeltaValue } from "./delta-cell";
import { RunName } from "./run-swatch";

const verdictBadges: Record<Verdict, { tone: BadgeTone; label: string }> = {
  better: { tone: "green", label: "Better" },
  worse: { tone: "red", label: "Worse" },
  mixed: { tone: "amber", label: "Mixed" },
  "no-difference": { tone: "neutral", label: "No significant change" },
};

/** The answer first: each run's verdict and its delta on every measure, against the baseline's means. */
export function ComparisonSummary({ comparison, csv }: { comparison: Comparison; csv: string }) {
  const [baseline, ...runs] = comparison.runs;
  const results = new Map(comparison.results.map((result) => [result.runId, result]));
  const firstResult = comparison.results[0];
  return (
    <Card data-testid="comparison-summary">
      <CardHeader
        title="Against the baseline"
        description={summarizeVerdicts(
          runs.flatMap((run) => {
            const result = results.get(run.id);
            return result ? [{ name: run.name, verdict: result.verdict }] : [];
          }),
          { onContextRecall: comparison.textPerResultDiffers },
        )}
        actions={<DownloadCsvButton csv={csv} fileName="comparison-summary.csv" testId="summary-csv" />}
      />
      <Table>
        <THead>
          <tr>
            <Th>Run</Th>
            <Th>Verdict</Th>
            {comparison.measures.map((measure) => (
              <Th key={measure} numeric>
                {measureLabel(measure)}
              </Th>
            ))}
            <Th
              numeric
              title="Share of each run's top 10 that some label (grade 0 included) judges, on the queries every run evaluated: unjudged passages count as misses"
            >
              Judged@10
            </Th>
            <Th numeric title="Queries both this run and the baseline evaluated">
              Queries
            </Th>
          </tr>
        </THead>
        <TBody>
          {baseline ? (
            <BaselineRow run={baseline} nameClassName="max-w-[18rem]">
              <Td className="text-xs text-zinc-500">reference</Td>
              {comparison.measures.map((measure) => (
                <Td key={measure} numeric className="text-zinc-700">
                  {formatValue(firstResult?.measures[measure]?.baseline)}
                </Td>
              ))}
              <Td numeric className="text-zinc-500">
                {formatShare(baseline.judgedAt10)}
              </Td>
              <Td numeric className="text-zinc-500">
                {baseline.evaluated}
              </Td>
            </BaselineRow>
          ) : null}
          {runs.map((run) => (
            <SummaryRow key={run.id} run={run} result={results.get(run.id)} measures={comparison.measures} />
          ))}
        </TBody>
      </Table>
    </Card>
  );
}

/** 0.934 → "93%"; "–" for a run stored before judged@k existed. */
function formatShare(share: number | null): string {
  return share === null ? "–" : `${Math.round(share * 100)}%`;
}

/** A run's row: its verdict against the baseline, its mean and delta on every measure, judged@10. */
function SummaryRow({
  run,
  result,
  measures,
}: {
  run: Comparison["runs"][number];
  result: Comparison["results"][number] | undefined;
  measures: Comparison["measures"];
}) {
  const badge = verdictBadges[result?.verdict.verdict ?? "no-difference"];
  return (
    <Tr
      data-testid="summary-row"
      data-run-id={run.id}
      data-verdict={result?.verdict.verdict ?? "no-difference"}
      className={cx(
        result?.verdict.verdict === "better" && "bg-emerald-50/50 hover:bg-emerald-50",
        result?.verdict.verdict === "worse" && "bg-red-50/40 hover:bg-red-50/60",
      )}
    >
      <Td className="max-w-[18rem]">
        <RunName id={run.id} name={run.name} ordinal={run.ordinal} />
      </Td>
      <Td>
        <Badge tone={badge.tone} title={result ? describeVerdict(result.verdict) : ""} data-testid="verdict">
          {badge.label}
        </Badge>
      </Td>
      {measures.map((measure) => (
        <Td key={measure} numeric>
          <div className="flex flex-col items-end leading-tight">
            <span className="text-zinc-900">{formatValue(result?.measures[measure]?.mean)}</span>
            <DeltaValue entry={result?.measures[measure]} />
          </div>
        </Td>
      ))}
      <Td numeric className="text-zinc-500" data-testid="summary-judged">
        {formatShare(run.judgedAt10)}
      </Td>
      <Td numeric className="text-zinc-500">
        {result?.queries ?? 0}
      </Td>
    </Tr>
  );
}
