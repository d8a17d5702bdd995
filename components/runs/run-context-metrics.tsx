import { Stat } from "@/components/ui/stat";
import type { StoredRunComparison } from "@/lib/eval/compare-stored-runs";
import { describeInterval } from "@/lib/eval/describe-run-report";
import { formatContextBudget } from "@/lib/eval/format-context-budget";
import type { RunMetrics } from "@/lib/eval/run-report-schema";
import { Tile } from "./run-metrics";

/**
 * A run's context-budget measures beside recall@k and MRR: context recall, precision and IoU at
 * the budget the run used (README, "Context-budget metrics"), with 95% intervals and the change
 * against the compared run, and the mean characters per result they make comparable. Nothing for
 * runs stored before the measures existed.
 */
export function RunContextMetrics({
  metrics,
  comparison,
}: {
  metrics: RunMetrics;
  comparison: StoredRunComparison | null;
}) {
  const { context } = metrics;
  if (!context) return null;
  const budget = formatContextBudget(context.budgetChars);
  return (
    <section aria-labelledby="run-context-heading" data-testid="run-context">
      <h2 id="run-context-heading" className="mb-2 font-medium text-sm text-zinc-800">
        Context recall at {budget}
        <span className="ml-2 font-normal text-xs text-zinc-500">
          how much of the relevant labeled text the results hold, read in rank order until the budget is spent
          — comparable across chunk sizes
        </span>
      </h2>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Tile
          label="context recall"
          value={context.recall}
          hint={describeInterval(metrics.ci?.context_recall)}
          measure="context_recall"
          comparison={comparison}
          testId="tile-context-recall"
        />
        <Tile
          label="context precision"
          value={context.precision}
          hint={describeInterval(metrics.ci?.context_precision)}
          measure="context_precision"
          comparison={comparison}
          testId="tile-context-precision"
        />
        <Tile
          label="context IoU"
          value={context.iou}
          hint={describeInterval(metrics.ci?.context_iou)}
          measure="context_iou"
          comparison={comparison}
          testId="tile-context-iou"
        />
        <Stat
          label="characters per result"
          value={
            metrics.meanResultChars === undefined
              ? "–"
              : Math.round(metrics.meanResultChars).toLocaleString("en")
          }
          hint={`mean over the run's results; budget ${budget}`}
          data-testid="run-mean-result-chars"
        />
      </div>
    </section>
  );
}
