import { ChartCard } from "@/components/charts/chart-card";
import { RecallChart } from "@/components/runs/recall-chart";
import { runColor, runStrokeDash } from "@/components/runs/run-color";
import { recallChartCsv } from "@/lib/eval/run-csv";

type ChartRun = { id: string; name: string; recall: Record<string, number> };

/** Recall@k of the run and of the run it is compared against, each in its own colour; SVG, PNG and CSV. */
export function RunRecallCard({
  run,
  against,
  ordinals,
  ks,
}: {
  run: ChartRun;
  against: ChartRun | null;
  ordinals: ReadonlyMap<string, number>;
  ks: readonly number[];
}) {
  const styled = (entry: ChartRun) => {
    const ordinal = ordinals.get(entry.id) ?? 1;
    return { ...entry, color: runColor(ordinal), dash: runStrokeDash(ordinal) };
  };
  const runs = [...(against ? [styled(against)] : []), styled(run)];
  return (
    <ChartCard
      title="Recall@k"
      description={against ? `This run and ${against.name}, each in its colour on every page.` : undefined}
      exportTitle={against ? `Recall@k — ${run.name} vs ${against.name}` : `Recall@k — ${run.name}`}
      legend={runs.map((entry) => ({ name: entry.name, color: entry.color, dash: entry.dash }))}
      csv={recallChartCsv({ runs, ks })}
      testId="run-recall-chart"
      showLegend={false}
    >
      <RecallChart runs={runs} ks={[...ks]} />
    </ChartCard>
  );
}
