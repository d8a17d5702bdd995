import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { measureLabel } from "@/lib/comparisons/compared-measures";
import type { SweepRanking } from "@/lib/comparisons/rank-sweep-points";
import { formatScore } from "@/lib/eval/describe-run-report";

type SweepChoiceProps = {
  sweepId: string;
  setId: string;
  ranking: SweepRanking;
  /** Run id → "size 400, overlap 50": the point as the grid names it. */
  pointNames: ReadonlyMap<string, string>;
};

function signed(value: number): string {
  return `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(3)}`;
}

/**
 * Which point the sweep picks and by what: the measure (a GET form to pick another), the point,
 * and — on a split set — its dev score (what was maximized), its holdout score (what to expect)
 * and the gap between them.
 */
export function SweepChoice({ sweepId, setId, ranking, pointNames }: SweepChoiceProps) {
  const { best, measure } = ranking;
  return (
    <Card data-testid="sweep-choice">
      <CardHeader
        title="The chosen point"
        description={`Ranked by ${measureLabel(measure)}${ranking.split ? ", chosen on the dev queries only" : ", on every query"}.`}
        actions={
          ranking.available.length > 0 ? (
            <form method="get" action={`/sweeps/${sweepId}`} className="flex items-center gap-1.5 text-xs">
              <label htmlFor="sweep-measure" className="text-zinc-600">
                Rank by
              </label>
              <select
                id="sweep-measure"
                name="measure"
                defaultValue={measure}
                className="h-7 rounded-md border border-zinc-200 bg-white px-1.5 text-xs"
                data-testid="sweep-measure"
              >
                {ranking.available.map((name) => (
                  <option key={name} value={name}>
                    {measureLabel(name)}
                  </option>
                ))}
              </select>
              <button type="submit" className="rounded-md border border-zinc-200 px-2 py-1 hover:bg-zinc-50">
                Rank
              </button>
            </form>
          ) : null
        }
      />
      <CardBody className="space-y-3 text-sm">
        {ranking.fallback ? (
          <Alert tone="warning" data-testid="sweep-measure-fallback">
            Ranked by {measureLabel(measure)}, not {measureLabel(ranking.fallback.asked)}:{" "}
            {ranking.fallback.reason}.
          </Alert>
        ) : null}
        {best === null ? (
          <p className="text-zinc-500">No point is evaluated yet.</p>
        ) : (
          <>
            <p>
              <Link
                href={`/runs/${best.runId}`}
                className="font-medium hover:underline"
                data-testid="sweep-best"
              >
                {pointNames.get(best.runId) ?? best.runId}
              </Link>{" "}
              has the highest {measureLabel(measure)}
              {ranking.split ? " on the dev queries" : ""}.
            </p>
            {ranking.split ? (
              <dl className="grid max-w-md grid-cols-3 gap-2 text-center" data-testid="sweep-dev-holdout">
                <div className="rounded-md bg-zinc-50 p-2">
                  <dt className="text-xs text-zinc-500">dev (chosen on)</dt>
                  <dd className="font-semibold tabular-nums" data-testid="sweep-best-dev">
                    {formatScore(best.dev)}
                  </dd>
                </div>
                <div className="rounded-md bg-violet-50 p-2">
                  <dt className="text-xs text-zinc-500">holdout (expect this)</dt>
                  <dd className="font-semibold tabular-nums" data-testid="sweep-best-holdout">
                    {formatScore(best.holdout)}
                  </dd>
                </div>
                <div className="rounded-md bg-zinc-50 p-2">
                  <dt className="text-xs text-zinc-500">gap (dev − holdout)</dt>
                  <dd className="font-semibold tabular-nums" data-testid="sweep-best-gap">
                    {best.gap === null ? "—" : signed(best.gap)}
                  </dd>
                </div>
              </dl>
            ) : null}
            <p className="text-xs text-zinc-600" data-testid="sweep-winners-curse">
              {ranking.split
                ? "The best of many configurations on the same queries looks better than it is (the winner's curse): its dev score includes the luck that made it win. The holdout queries played no part in the choice, so their number is the honest one."
                : "This number is the maximum over every point on the same queries, so it is biased upward (the winner's curse). "}
              {ranking.split ? null : (
                <Link href={`/sets/${setId}#split`} className="underline">
                  Split the set into dev and holdout queries
                </Link>
              )}
              {ranking.split ? null : " to choose on dev and read an unbiased holdout number."}
            </p>
          </>
        )}
      </CardBody>
    </Card>
  );
}
