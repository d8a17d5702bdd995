import { ChartCard } from "@/components/charts/chart-card";
import { Alert } from "@/components/ui/alert";
import type { Comparison } from "@/lib/comparisons/build-comparison";
import { BREAKDOWN_MEASURES } from "@/lib/comparisons/build-comparison";
import { measureLabel } from "@/lib/comparisons/compared-measures";
import {
  breakdownCsv,
  configDiffCsv,
  meanBarsCsv,
  measureTableCsv,
  perQueryCsv,
  recallCurvesCsv,
  summaryCsv,
} from "@/lib/comparisons/comparison-csv";
import { comparisonMarkdown } from "@/lib/comparisons/comparison-markdown";
import { formatContextBudget } from "@/lib/eval/format-context-budget";
import type { ComparisonPage } from "@/lib/runs/load-comparison";
import { ClassBreakdownTable } from "./class-breakdown-table";
import { ComparisonSummary } from "./comparison-summary";
import { ConfigChanges } from "./config-changes";
import { ContextBudgetForm } from "./context-budget-form";
import { CopyMarkdownButton } from "./copy-markdown-button";
import { MeanBarsChart } from "./mean-bars-chart";
import { MeasureTable } from "./measure-table";
import { PerQueryList } from "./per-query-list";
import { RecallCurvesChart } from "./recall-curves-chart";
import { seriesStyles } from "./series-styles";
import { SideBySidePassages } from "./side-by-side-passages";

/** The comparison page below the picker: verdicts, configuration, charts, tables, breakdown, queries. */
export function ComparisonView({ page, comparison }: { page: ComparisonPage; comparison: Comparison }) {
  const series = seriesStyles(comparison.runs);
  const legend = series.map((entry) => ({
    name: entry.name,
    color: entry.color,
    dash: entry.dash,
  }));
  const [baseline, ...runs] = comparison.runs;
  const exportSuffix = `${baseline?.name ?? "baseline"} vs ${runs.length === 1 ? runs[0]?.name : `${runs.length} runs`}`;
  const barMeasures = Object.keys(comparison.bars[baseline?.id ?? ""] ?? {}).map((key) => ({
    key,
    label: measureLabel(key),
  }));
  const breakdownMeasures = BREAKDOWN_MEASURES.filter((measure) => comparison.measures.includes(measure));
  const listRuns = comparison.runs.map((run) => ({
    id: run.id,
    name: run.name,
    ordinal: run.ordinal,
    baseline: run.baseline,
  }));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-zinc-600" data-testid="shared-queries">
          {comparison.sharedQueries} {comparison.sharedQueries === 1 ? "query" : "queries"} evaluated by every
          run · queries without relevant labels are left out, never counted as 0
        </p>
        <CopyMarkdownButton markdown={comparisonMarkdown({ setName: page.set.name, comparison })} />
      </div>
      <ContextBudgetForm setId={page.set.id} state={page.state} budgetChars={comparison.budgetChars} />
      {comparison.textPerResultDiffers ? (
        <Alert tone="warning" data-testid="text-per-result-warning">
          Text per result differs between these runs (see the configuration below). Recall@k at equal k
          rewards longer passages, so the tables lead with the context measures — how much of the labeled text
          fits in {formatContextBudget(comparison.budgetChars)} — and the verdict of each such run rests on
          context recall.
        </Alert>
      ) : null}
      {comparison.measures.length === 0 ? (
        <Alert tone="warning">
          These runs share no stored measure for their queries, so nothing can be tested.
        </Alert>
      ) : null}
      <ComparisonSummary comparison={comparison} csv={summaryCsv(comparison)} />
      <ConfigChanges comparison={comparison} csv={configDiffCsv(comparison)} />
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ChartCard
          title="Recall@k"
          description={`Share of relevant labels found in the first k results, k = 1…${comparison.curves.ks.at(-1)}; the baseline dashed.`}
          exportTitle={`Recall at k — ${exportSuffix}`}
          legend={legend}
          csv={recallCurvesCsv(comparison)}
          testId="recall-chart-card"
        >
          <RecallCurvesChart ks={comparison.curves.ks} recall={comparison.curves.recall} series={series} />
        </ChartCard>
        <ChartCard
          title="MRR and nDCG@10"
          description="Means with 95% bootstrap intervals (whiskers)."
          exportTitle={`MRR and nDCG@10 — ${exportSuffix}`}
          legend={legend}
          csv={meanBarsCsv(comparison)}
          testId="bars-chart-card"
        >
          <MeanBarsChart measures={barMeasures} bars={comparison.bars} series={series} />
        </ChartCard>
      </div>
      <div className="grid items-start gap-4 2xl:grid-cols-2">
        {comparison.measures.map((measure) => (
          <MeasureTable
            key={measure}
            comparison={comparison}
            measure={measure}
            csv={measureTableCsv(comparison, measure)}
          />
        ))}
      </div>
      <ClassBreakdownTable
        comparison={comparison}
        measures={breakdownMeasures}
        csv={breakdownCsv(comparison, breakdownMeasures)}
      />
      <PerQueryList
        setId={page.set.id}
        state={page.state}
        rows={comparison.queryRows}
        runs={listRuns}
        measures={comparison.measures}
        openQueryId={page.passages?.query.id}
        csv={perQueryCsv(comparison)}
      />
      {page.passages ? (
        <SideBySidePassages
          setId={page.set.id}
          state={page.state}
          query={page.passages.query}
          data={page.passages.data}
          runs={listRuns}
          runId={page.passages.runId}
        />
      ) : null}
    </div>
  );
}
