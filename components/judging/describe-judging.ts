import { formatCount, formatCountOf } from "@/components/ui/format-number";
import type { JudgingFigures } from "@/lib/db/judging-jobs";
import type { JudgingSource } from "@/lib/judging/judging-source";

// Words for a judging job's figures and source (pure: the jobs card and the e2e read these).

/** "$0.0123" under a cent, "$1.23" above; null (no prices entered) says so. */
export function formatCost(cost: number | null): string {
  if (cost === null) return "no prices entered";
  if (cost === 0) return "$0";
  return cost < 0.01 ? `$${cost.toPrecision(2)}` : `$${cost.toFixed(2)}`;
}

/** "12 of 40 pairs judged · 3 cached · 45 calls · 12,345 + 678 tokens · $0.01". */
export function describeFigures(figures: JudgingFigures): string[] {
  const parts = [
    `${formatCount(figures.judged)} of ${formatCountOf(figures.pairs, "pair")} judged`,
    `${formatCount(figures.cached)} cached`,
    formatCountOf(figures.calls, "call"),
    `${formatCount(figures.promptTokens)} + ${formatCount(figures.completionTokens)} tokens`,
    formatCost(figures.cost),
  ];
  if (figures.unsupported > 0) parts.push(`${formatCount(figures.unsupported)} unsupported`);
  if (figures.failed > 0) parts.push(`${formatCount(figures.failed)} failed`);
  return parts;
}

/** "Pool of 2 runs, top 10" / "Holes of BM25 v1, top 10". */
export function describeSource(source: JudgingSource, runLabel: (runId: string) => string): string {
  if (source.kind === "holes") return `Holes of ${runLabel(source.runId)}, top ${source.depth}`;
  const runs =
    source.runIds.length === 1
      ? runLabel(source.runIds[0] ?? "")
      : formatCountOf(source.runIds.length, "run");
  return `Pool of ${runs}, top ${source.depth}`;
}
