import { Alert } from "@/components/ui/alert";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Stat } from "@/components/ui/stat";
import type { goldenSetProgress } from "@/lib/db/golden-sets";
import { NOISE_FLOOR_QUERIES } from "@/lib/eval/run-report-schema";
import { formatCount, formatCountOf } from "../../page-helpers";

/** The set's labeling progress: counts by status, queries with relevant labels against the noise floor, a bar. */
export function SetProgressStats(props: {
  progress: Awaited<ReturnType<typeof goldenSetProgress>>;
  relevantThreshold: number;
  relevantGradeName: string | null;
}) {
  const { progress, relevantThreshold, relevantGradeName } = props;
  const labeled = progress.counts.labeled ?? 0;
  const relevant = progress.withRelevantLabels;
  return (
    <>
      <div className="mb-5 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <Stat label="Queries" value={formatCount(progress.total)} data-testid="set-total" />
        <Stat
          label="Labeled"
          value={formatCount(labeled)}
          hint={
            progress.total > 0 ? `${Math.round((labeled / progress.total) * 100)}% of the set` : undefined
          }
          data-testid="set-labeled"
        />
        <Stat
          label="In progress"
          value={formatCount(progress.counts.in_progress ?? 0)}
          data-testid="set-in-progress"
        />
        <Stat label="Skipped" value={formatCount(progress.counts.skipped ?? 0)} data-testid="set-skipped" />
        <Stat
          label="No answer"
          value={formatCount(progress.counts.no_answer ?? 0)}
          hint="not in the corpus"
          data-testid="set-no-answer"
        />
        <Stat
          label="With relevant labels"
          value={
            <span className={relevant < NOISE_FLOOR_QUERIES ? "text-brand-700" : undefined}>
              {formatCount(relevant)}
              <span className="font-normal text-sm text-zinc-400"> / {NOISE_FLOOR_QUERIES}</span>
            </span>
          }
          hint={
            relevantGradeName
              ? `grade ≥ ${relevantThreshold} (${relevantGradeName})`
              : `grade ≥ ${relevantThreshold}`
          }
          data-testid="set-relevant"
        />
      </div>
      {progress.total > 0 ? (
        <ProgressBar
          className="mb-3"
          value={labeled / progress.total}
          label={`${formatCount(labeled)} of ${formatCountOf(progress.total, "query", "queries")} labeled`}
          tone={labeled === progress.total ? "green" : "amber"}
        />
      ) : null}
      {relevant < NOISE_FLOOR_QUERIES ? (
        <Alert tone="warning" className="mb-5">
          {formatCount(relevant)} of {NOISE_FLOOR_QUERIES} queries have relevant labels: numbers are noisy
          below {NOISE_FLOOR_QUERIES} labeled queries. 50–200 is the range where a set can gate decisions.
        </Alert>
      ) : null}
    </>
  );
}
