import type { MeasureComparison } from "@/lib/eval/compare-runs";

/** "+0.041", "−0.012" (a true minus sign), "±0.000" for no change at three decimals. */
export function formatDelta(delta: number): string {
  const rounded = delta.toFixed(3);
  if (Number(rounded) === 0) return "±0.000";
  return delta > 0 ? `+${rounded}` : `−${rounded.slice(1)}`;
}

/** How a change reads: up or down when significant after Holm's correction, else flat (noise). */
export function deltaTone(
  comparison: Pick<MeasureComparison, "delta" | "significant">,
): "up" | "down" | "flat" {
  if (!comparison.significant) return "flat";
  return comparison.delta > 0 ? "up" : "down";
}

/** The tooltip of a delta: its interval, p-value and the number of queries it rests on. */
export function describeDelta(comparison: MeasureComparison, queries: number): string {
  const interval = comparison.ci95
    ? `95% CI ${formatDelta(comparison.ci95[0])} to ${formatDelta(comparison.ci95[1])}`
    : "no interval";
  const p = comparison.p === null ? "not tested" : `p = ${comparison.p.toFixed(3)}`;
  const adjusted = comparison.pAdjusted === null ? "" : `, Holm-adjusted ${comparison.pAdjusted.toFixed(3)}`;
  return `Δ ${formatDelta(comparison.delta)} (${interval}; ${p}${adjusted}; ${comparison.wins} better, ${comparison.losses} worse, ${comparison.ties} tied of ${queries})`;
}
