import { cx } from "@/components/ui/cx";
import { formatDelta, formatP } from "@/lib/comparisons/format-comparison";
import type { MeasureComparison } from "@/lib/eval/compare-runs";

/**
 * A delta as a verdict: significant gains in green with ▲, significant losses in red with ▼,
 * anything not significant in grey — so the eye finds what changed before reading numbers.
 */
export function DeltaValue({
  entry,
  showP = true,
}: {
  entry: MeasureComparison | undefined;
  showP?: boolean;
}) {
  if (!entry) return <span className="text-zinc-400">–</span>;
  const direction = entry.significant ? (entry.delta > 0 ? "up" : entry.delta < 0 ? "down" : null) : null;
  return (
    <span
      className={cx(
        "inline-flex flex-wrap items-baseline justify-end gap-x-1 tabular-nums",
        direction === "up" && "font-semibold text-emerald-700",
        direction === "down" && "font-semibold text-red-700",
        direction === null && "text-zinc-500",
      )}
      data-significant={entry.significant ? "true" : "false"}
      title={
        entry.significant ? "Significant after Holm's adjustment" : "Not significant after Holm's adjustment"
      }
    >
      {direction === "up" ? (
        <>
          <span aria-hidden="true">▲</span>
          <span className="sr-only">significantly better:</span>
        </>
      ) : null}
      {direction === "down" ? (
        <>
          <span aria-hidden="true">▼</span>
          <span className="sr-only">significantly worse:</span>
        </>
      ) : null}
      {formatDelta(entry.delta)}
      {showP ? (
        <span className="whitespace-nowrap font-normal text-[11px] text-zinc-400" data-testid="p-holm">
          p (Holm) {formatP(entry.pAdjusted)}
        </span>
      ) : null}
    </span>
  );
}
