import { cohensKappa } from "@/lib/agreement/cohens-kappa";
import { describeAgreement } from "@/lib/agreement/describe-agreement";
import { krippendorffAlpha } from "@/lib/agreement/krippendorff-alpha";
import { AppError } from "@/lib/errors";
import { kendallTauB } from "@/lib/eval/kendall-tau";
import { linearPercentile } from "@/lib/eval/statistics/bootstrap-confidence-interval";
import { createSeededRandom, DEFAULT_SEED, randomIndex } from "@/lib/eval/statistics/seeded-random";

/**
 * The verdict's rule: the judge agrees with people "about as well as people agree with each other"
 * when its kappa with people is at least the people-vs-people kappa less this margin. 0.1 is one
 * step of Landis & Koch's scale halved — smaller than the sampling error of a kappa over a few
 * hundred pairs, so a judge is not condemned for noise, yet large enough to catch a judge that is
 * a band worse than the team.
 */
export const KAPPA_MARGIN = 0.1;

/**
 * Below this many pairs judged by both a person and the judge (supported) the verdict says "not
 * enough pairs": a kappa over fewer pairs has a 95% interval wider than ±0.25 for typical data,
 * too wide to tell a good judge from a poor one.
 */
export const MINIMUM_ITEMS = 30;

/** One (query, passage or document) pair of the report. Failed judgments are left out by the caller. */
export type JudgeReportPair = {
  /** The person's grade as the set's judgment policy resolves it; null when no person judged. */
  personGrade: number | null;
  /** The judge's judgment; null when the judge has not judged the pair. */
  model: { grade: number; supported: boolean } | null;
};

/** nDCG@10 of one run under the people's qrels and under the judge's (supported judgments). */
export type RunScores = { runId: string; human: number; model: number };

type KappaInterval = { lower: number; upper: number; confidence: number; resamples: number };

export type VerdictOutcome = "agrees" | "agrees_less" | "too_few_pairs" | "undefined" | "no_people_figure";

export type Verdict = { outcome: VerdictOutcome; text: string };

export type JudgeReport = {
  agreement: {
    /** Pairs with a person's grade and a supported model judgment: what the figures are over. */
    items: number;
    /** Cohen's kappa person vs judge, grades binarized at the relevance threshold; null when undefined. */
    kappa: number | null;
    /** Percentile-bootstrap interval of that kappa over the items; null with kappa or below 2 items. */
    kappaInterval: KappaInterval | null;
    alpha: { nominal: number | null; ordinal: number | null };
  };
  /** The people-vs-people kappa of the set, as passed in. */
  peopleKappa: number | null;
  /** counts[p][m]: items the person graded grades[p] and the judge grades[m]. */
  confusion: { grades: number[]; counts: number[][] };
  /** Model judgments (supported or not), those whose quote was not found, and their share. */
  modelJudgments: number;
  unsupported: number;
  unsupportedRate: number | null;
  tau: { measure: "ndcg_cut_10"; value: number | null; runs: number };
  verdict: Verdict;
};

/**
 * How far to trust a judge on this set (issue 23, item 6). Agreement counts only supported model
 * judgments (an unsupported one is never relevant and stays out of the figures) on pairs a person
 * judged too; the unsupported rate is over every model judgment. Seeded: the same input gives the
 * same interval.
 */
export function computeJudgeReport(options: {
  pairs: readonly JudgeReportPair[];
  /** The set's scale, e.g. [0, 1, 2, 3]. */
  grades: readonly number[];
  relevantThreshold: number;
  peopleKappa: number | null;
  runs: readonly RunScores[];
  resamples?: number;
  seed?: number;
}): JudgeReport {
  const grades = [...new Set(options.grades)].sort((a, b) => a - b);
  const position = new Map(grades.map((grade, index) => [grade, index]));
  const counts = grades.map(() => grades.map(() => 0));
  const items: (readonly [number, number])[] = [];
  let modelJudgments = 0;
  let unsupported = 0;
  for (const pair of options.pairs) {
    if (!pair.model) continue;
    modelJudgments++;
    if (!pair.model.supported) unsupported++;
    if (!pair.model.supported || pair.personGrade === null) continue;
    const row = position.get(pair.personGrade);
    const column = position.get(pair.model.grade);
    if (row === undefined || column === undefined) {
      throw new AppError(
        "bad_request",
        `A grade is off the set's scale (${grades.join(", ")}): person ${pair.personGrade}, judge ${pair.model.grade}.`,
      );
    }
    counts[row]![column]!++;
    items.push([pair.personGrade, pair.model.grade]);
  }
  const relevant = items.map(
    ([person, model]) => [person >= options.relevantThreshold, model >= options.relevantThreshold] as const,
  );
  const kappa = cohensKappa({ ratings: relevant });
  const units = items.map(([person, model]) => [person, model]);
  const tau = kendallTauB({
    first: options.runs.map((run) => run.human),
    second: options.runs.map((run) => run.model),
  });
  return {
    agreement: {
      items: items.length,
      kappa,
      kappaInterval:
        kappa === null
          ? null
          : bootstrapKappa({ ratings: relevant, resamples: options.resamples, seed: options.seed }),
      alpha: {
        nominal: krippendorffAlpha({ units, metric: "nominal" }),
        ordinal: krippendorffAlpha({ units, metric: "ordinal" }),
      },
    },
    peopleKappa: options.peopleKappa,
    confusion: { grades, counts },
    modelJudgments,
    unsupported,
    unsupportedRate: modelJudgments === 0 ? null : unsupported / modelJudgments,
    tau: { measure: "ndcg_cut_10", value: tau, runs: options.runs.length },
    verdict: decideVerdict({ items: items.length, kappa, peopleKappa: options.peopleKappa }),
  };
}

/**
 * 95% percentile-bootstrap interval of Cohen's kappa: resamples the items with replacement from
 * the statistics' seeded generator and takes the 2.5th and 97.5th percentiles of the resamples'
 * kappas. A resample whose kappa is undefined (every drawn item rated alike by both) is left out —
 * it says nothing about agreement; the interval is null when none is defined or below 2 items.
 */
function bootstrapKappa(options: {
  ratings: readonly (readonly [boolean, boolean])[];
  resamples?: number;
  seed?: number;
}): KappaInterval | null {
  const { ratings, resamples = 2_000, seed = DEFAULT_SEED } = options;
  const confidence = 0.95;
  if (ratings.length < 2) return null;
  const random = createSeededRandom(seed);
  const kappas: number[] = [];
  const drawn = new Array<readonly [boolean, boolean]>(ratings.length);
  for (let resample = 0; resample < resamples; resample++) {
    for (let draw = 0; draw < ratings.length; draw++)
      drawn[draw] = ratings[randomIndex(random, ratings.length)]!;
    const kappa = cohensKappa({ ratings: drawn });
    if (kappa !== null) kappas.push(kappa);
  }
  if (kappas.length === 0) return null;
  const sorted = Float64Array.from(kappas).sort();
  const tail = (1 - confidence) / 2;
  return {
    lower: linearPercentile(sorted, tail),
    upper: linearPercentile(sorted, 1 - tail),
    confidence,
    resamples: kappas.length,
  };
}

/** The one plain line (see KAPPA_MARGIN and MINIMUM_ITEMS for the rule). */
export function decideVerdict(options: {
  items: number;
  kappa: number | null;
  peopleKappa: number | null;
}): Verdict {
  const { items, kappa, peopleKappa } = options;
  const pairs = `${items.toLocaleString("en-US")} ${items === 1 ? "pair" : "pairs"}`;
  if (items < MINIMUM_ITEMS) {
    return {
      outcome: "too_few_pairs",
      text: `Not enough pairs: a person and the judge both judged ${pairs}; at least ${MINIMUM_ITEMS} are needed to tell how far to trust the judge.`,
    };
  }
  if (kappa === null) {
    return {
      outcome: "undefined",
      text: `Agreement is undefined on ${pairs}: the person and the judge each called every pair relevant, or every pair not relevant, so there is nothing to agree on.`,
    };
  }
  const judge = `${formatKappa(kappa)} (${describeAgreement(kappa)})`;
  if (peopleKappa === null) {
    return {
      outcome: "no_people_figure",
      text: `The judge agrees with people at kappa ${judge} on ${pairs}; no two people judged the same pairs, so there is no people-vs-people figure to compare with.`,
    };
  }
  const people = `${formatKappa(peopleKappa)} (${describeAgreement(peopleKappa)})`;
  if (kappa >= peopleKappa - KAPPA_MARGIN) {
    return {
      outcome: "agrees",
      text: `The judge agrees with people about as well as people agree with each other: kappa ${judge} against ${people} between people, on ${pairs}.`,
    };
  }
  return {
    outcome: "agrees_less",
    text: `The judge agrees with people less than people agree with each other: kappa ${judge} against ${people} between people, on ${pairs}.`,
  };
}

function formatKappa(value: number): string {
  return value.toFixed(2);
}
