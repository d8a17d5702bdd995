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
