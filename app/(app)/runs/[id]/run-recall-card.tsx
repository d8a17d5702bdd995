import { RecallChart } from "@/components/runs/recall-chart";
import { runColor, runStrokeDash } from "@/components/runs/run-color";
import { Card, CardBody, CardHeader } from "@/components/ui/card";

type ChartRun = { id: string; name: string; recall: Record<string, number> };

/** Recall@k of the run and of the run it is compared against, each in its own colour. */
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
  return (
    <Card>
      <CardHeader
        title="Recall@k"
        description={against ? `This run and ${against.name}, each in its colour on every page.` : undefined}
      />
      <CardBody>
        <RecallChart runs={[...(against ? [styled(against)] : []), styled(run)]} ks={[...ks]} />
      </CardBody>
    </Card>
  );
}
