import { Alert } from "@/components/ui/alert";
import { formatCount, formatCountOf } from "@/components/ui/format-number";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Stat } from "@/components/ui/stat";
import { NOISE_FLOOR_QUERIES } from "@/lib/eval/run-report-schema";
import type { SetQueryCounts } from "@/lib/sets/query-counts";

/** The set's labeling progress (lib/sets/query-counts.ts): counts by status, queries with relevant labels against the noise floor, a bar. */
export function SetProgressStats(props: {
  counts: SetQueryCounts;
  relevantThreshold: number;
  relevantGradeName: string | null;
}) {
  const { counts, relevantThreshold, relevantGradeName } = props;
  const { labeled, withRelevantLabels: relevant, total } = counts;
  return (
    <>
      <div className="mb-5 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <Stat label="Queries" value={formatCount(total)} data-testid="set-total" />
        <Stat
          label="Labeled queries"
          value={formatCount(labeled)}
          hint={total > 0 ? `${Math.round((labeled / total) * 100)}% of the set` : undefined}
          data-testid="set-labeled"
        />
        <Stat
          label="In progress"
          value={formatCount(counts.byStatus.in_progress)}
          data-testid="set-in-progress"
        />
        <Stat label="Skipped" value={formatCount(counts.byStatus.skipped)} data-testid="set-skipped" />
        <Stat
          label="No answer"
          value={formatCount(counts.byStatus.no_answer)}
          hint="not in the corpus"
          data-testid="set-no-answer"
        />
        <Stat
          label="Queries with relevant labels"
          value={
            <span className={relevant < NOISE_FLOOR_QUERIES ? "text-brand-700" : undefined}>
              <span data-testid="set-relevant-count">{formatCount(relevant)}</span>
              <span className="font-normal text-sm text-zinc-400"> · goal {NOISE_FLOOR_QUERIES}</span>
            </span>
          }
          hint={`grade ≥ ${relevantThreshold}${relevantGradeName ? ` (${relevantGradeName})` : ""}; what a run evaluates`}
          data-testid="set-relevant"
        />
      </div>
      {total > 0 ? (
        <ProgressBar
          className="mb-3"
          value={labeled / total}
          label={`${formatCount(labeled)} of ${formatCountOf(total, "query", "queries")} labeled`}
          tone={labeled === total ? "green" : "amber"}
        />
      ) : null}
      {relevant < NOISE_FLOOR_QUERIES ? (
        <Alert tone="warning" className="mb-5">
          {formatCountOf(relevant, "query has", "queries have")} relevant labels, fewer than{" "}
          {NOISE_FLOOR_QUERIES}: numbers are noisy below {NOISE_FLOOR_QUERIES} evaluated queries. 50–200 is
          the range where a set can gate decisions.
        </Alert>
      ) : null}
    </>
  );
}
