import type { RunComparison } from "@/lib/eval/compare-runs";
import { measureLabel } from "./compared-measures";

export type Verdict = "better" | "worse" | "mixed" | "no-difference";

export type RunVerdict = {
  verdict: Verdict;
  /** Measures on which the run is significantly better (after Holm), in the order given. */
  better: string[];
  worse: string[];
};

/**
 * What a run's comparison says, counting only significant changes (Holm-adjusted p ≤ alpha):
 * better (some gain, no loss), worse (some loss, no gain), mixed (both), or no difference.
 */
export function runVerdict(comparison: RunComparison, measures: readonly string[]): RunVerdict {
  const better: string[] = [];
  const worse: string[] = [];
  for (const measure of measures) {
    const entry = comparison.measures[measure];
    if (!entry?.significant) continue;
    if (entry.delta > 0) better.push(measure);
    else if (entry.delta < 0) worse.push(measure);
  }
  const verdict: Verdict =
    better.length > 0 && worse.length > 0
      ? "mixed"
      : better.length > 0
        ? "better"
        : worse.length > 0
          ? "worse"
          : "no-difference";
  return { verdict, better, worse };
}

/** "better on MRR and nDCG@10", "worse on Recall@5", "better on MRR, worse on Recall@5", "no significant difference". */
export function describeVerdict(verdict: RunVerdict): string {
  const list = (measures: string[]) => joinWords(measures.map(measureLabel));
  switch (verdict.verdict) {
    case "better":
      return `better on ${list(verdict.better)}`;
    case "worse":
      return `worse on ${list(verdict.worse)}`;
    case "mixed":
      return `better on ${list(verdict.better)}, worse on ${list(verdict.worse)}`;
    case "no-difference":
      return "no significant difference";
  }
}

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/**
 * The comparison in one or two sentences, best news first: which runs are significantly better,
 * which worse, which mixed, and which show no significant difference — "Better than the
 * baseline: Hybrid (MRR and nDCG@10). Worse: Small chunks (Recall@5). No significant
 * difference: Dense." With `onContextRecall` (some run's text per result differs, so its verdict
 * rests on context recall alone) "no difference" says so rather than "on any measure".
 */
export function summarizeVerdicts(
  runs: readonly { name: string; verdict: RunVerdict }[],
  options: { onContextRecall?: boolean } = {},
): string {
  if (runs.length === 0) return "";
  if (runs.every((run) => run.verdict.verdict === "no-difference")) {
    // the verdicts rest on context recall (text per result differs): other measures may still move
    if (options.onContextRecall)
      return "No significant difference from the baseline on context recall, the measure that holds the amount of text fixed; recall@k at equal k moves with the length of the passages.";
    return runs.length === 1
      ? "No significant difference from the baseline on any measure."
      : "No run differs significantly from the baseline on any measure.";
  }
  const named = (verdict: Verdict, measures: (entry: RunVerdict) => string[]) =>
    runs
      .filter((run) => run.verdict.verdict === verdict)
      .map((run) => {
        const list = measures(run.verdict);
        return list.length > 0 ? `${run.name} (${joinWords(list.map(measureLabel))})` : run.name;
      })
      .join(", ");
  const parts = [
    ["Better than the baseline", named("better", (entry) => entry.better)],
    ["Worse", named("worse", (entry) => entry.worse)],
    ["Mixed", named("mixed", () => [])],
    ["No significant difference", named("no-difference", () => [])],
  ].filter(([, text]) => text !== "");
  return `${parts.map(([label, text]) => `${label}: ${text}.`).join(" ")}`;
}
