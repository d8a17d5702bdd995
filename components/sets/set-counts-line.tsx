import { cx } from "@/components/ui/cx";
import { NOISE_FLOOR_QUERIES } from "@/lib/eval/run-report-schema";
import type { SetQueryCounts } from "@/lib/sets/query-counts";

const count = (value: number) => value.toLocaleString("en-US");

/**
 * The set's counts on one line, as the set page shows them (lib/sets/query-counts.ts), for pages
 * that show a part of the set's work — the assignments page, a run — so their numbers can be read
 * against the whole.
 */
export function SetCountsLine({ counts, className }: { counts: SetQueryCounts; className?: string }) {
  const relevantNoun = counts.withRelevantLabels === 1 ? "query" : "queries";
  return (
    <p className={cx("text-xs text-zinc-600", className)} data-testid="set-counts">
      The set now: <span className="tabular-nums">{count(counts.total)}</span>{" "}
      {counts.total === 1 ? "query" : "queries"} ·{" "}
      <span className="font-semibold text-zinc-900 tabular-nums" data-testid="set-counts-labeled">
        {count(counts.labeled)}
      </span>{" "}
      labeled and <span className="tabular-nums">{count(counts.byStatus.no_answer)}</span> no answer in corpus
      ({count(counts.done)} done) ·{" "}
      <span className="font-semibold text-zinc-900 tabular-nums" data-testid="set-counts-relevant">
        {count(counts.withRelevantLabels)}
      </span>{" "}
      {relevantNoun} with relevant labels · goal {NOISE_FLOOR_QUERIES}
    </p>
  );
}
