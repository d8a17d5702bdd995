import type { JudgeReport } from "@/lib/judging/judge-report";

// What the judge report page shows for each figure, and why a figure is missing (pure).

/** A value with three decimals, or null with the reason it is undefined. */
export type Figure = { value: string; reason: null } | { value: null; reason: string };

const shown = (value: number): Figure => ({ value: value.toFixed(3), reason: null });
const missing = (reason: string): Figure => ({ value: null, reason });

/** Cohen's kappa judge vs people (or on a calibration sample). */
export function kappaFigure(agreement: JudgeReport["agreement"]): Figure {
  if (agreement.kappa !== null) return shown(agreement.kappa);
  if (agreement.items === 0) return missing("no pair was judged by both a person and the judge");
  return missing("the person and the judge each called every pair alike: nothing to agree on");
}

export function peopleKappaFigure(peopleKappa: number | null): Figure {
  return peopleKappa === null ? missing("no two people judged the same pairs") : shown(peopleKappa);
}

export function alphaFigure(value: number | null, items: number): Figure {
  if (value !== null) return shown(value);
  if (items === 0) return missing("no pair was judged by both a person and the judge");
  return missing("every grade given was the same: alpha has no variation to measure");
}

export function unsupportedFigure(
  report: Pick<JudgeReport, "unsupportedRate" | "unsupported" | "modelJudgments">,
): Figure {
  if (report.unsupportedRate === null) return missing("the judge has no judgments on this set yet");
  return { value: `${(report.unsupportedRate * 100).toFixed(1)}%`, reason: null };
}

export function tauFigure(tau: JudgeReport["tau"]): Figure {
  if (tau.value !== null) return shown(tau.value);
  if (tau.runs < 2)
    return missing(`it needs two or more finished runs (${tau.runs === 1 ? "one is" : "none are"} chosen)`);
  return missing("one of the rankings has every run tied");
}

/** "[0.41, 0.72]" or null. */
export function formatInterval(interval: { lower: number; upper: number } | null): string | null {
  return interval ? `[${interval.lower.toFixed(3)}, ${interval.upper.toFixed(3)}]` : null;
}

export type RankedRun = { runId: string; label: string; score: number; rank: number };

/**
 * The runs ordered by nDCG@10 under people's qrels and under the judge's, best first; tied scores
 * share the better rank (as Kendall's τ-b treats them).
 */
export function rankRuns(
  scores: readonly { runId: string; human: number; model: number }[],
  labels: ReadonlyMap<string, string>,
): { people: RankedRun[]; judge: RankedRun[] } {
  const rank = (key: "human" | "model"): RankedRun[] => {
    const sorted = [...scores].sort((a, b) => b[key] - a[key] || a.runId.localeCompare(b.runId));
    return sorted.map((run) => ({
      runId: run.runId,
      label: labels.get(run.runId) ?? run.runId,
      score: run[key],
      rank: sorted.findIndex((other) => other[key] === run[key]) + 1,
    }));
  };
  return { people: rank("human"), judge: rank("model") };
}
