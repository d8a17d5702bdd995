import type { JudgmentPolicy } from "@/lib/exchange/golden-set-schema";

/** What the rule reads of a label of one query (as in the golden set file). */
export type PolicyLabel = {
  document: string;
  grade: number;
  annotator: string | null;
  adjudicated?: boolean | undefined;
};

/**
 * Which judgments count in evaluation (DESIGN.md §2; README, "Which judgments count"): the grade
 * each label of one query is scored with, index by index, or null when it does not count at all.
 * Decided per (query, document) pair:
 *
 * 1. Where the pair has an adjudicated label, only adjudicated labels count (with their grades);
 *    the annotators' labels on that document are left out, as judgments too (judged@k).
 * 2. Otherwise the set's policy caps the grades of the pair's labels — every label still counts as
 *    a judgment, so judged@k is the same under every policy:
 *    - `any`: no cap; every label counts as graded.
 *    - `majority`: when more than half of the pair's annotators gave it a value ≥ the threshold,
 *      no cap; otherwise grades are capped at threshold − 1, so the pair is not relevant.
 *    - `mean`: the cap is the mean of the annotators' values, rounded half up (1.5 → 2).
 *
 * An annotator's value is the highest grade among their labels on the document, and labels
 * without an annotator count as one annotator. With a single annotator every policy leaves the
 * grades as they are (their value is their highest grade, a majority of one).
 */
export function countedGrades(options: {
  labels: readonly PolicyLabel[];
  policy: JudgmentPolicy;
  relevantThreshold: number;
}): (number | null)[] {
  const { labels, policy, relevantThreshold } = options;
  const byDocument = new Map<string, PolicyLabel[]>();
  for (const label of labels)
    byDocument.set(label.document, [...(byDocument.get(label.document) ?? []), label]);
  const adjudicatedDocuments = new Set(
    labels.filter((label) => label.adjudicated).map((label) => label.document),
  );
  const caps = new Map<string, number>();
  for (const [document, pairLabels] of byDocument) {
    if (adjudicatedDocuments.has(document)) continue;
    caps.set(document, pairCap({ labels: pairLabels, policy, relevantThreshold }));
  }
  return labels.map((label) => {
    if (adjudicatedDocuments.has(label.document)) return label.adjudicated ? label.grade : null;
    return Math.min(label.grade, caps.get(label.document) ?? Number.POSITIVE_INFINITY);
  });
}

/** The highest grade a pair's labels count with under the policy (Infinity: no cap). */
function pairCap(options: {
  labels: readonly PolicyLabel[];
  policy: JudgmentPolicy;
  relevantThreshold: number;
}): number {
  const { policy, relevantThreshold } = options;
  if (policy === "any") return Number.POSITIVE_INFINITY;
  const values = new Map<string | null, number>();
  for (const label of options.labels) {
    const known = values.get(label.annotator);
    if (known === undefined || label.grade > known) values.set(label.annotator, label.grade);
  }
  const judged = [...values.values()];
  if (policy === "majority") {
    const relevant = judged.filter((value) => value >= relevantThreshold).length;
    return 2 * relevant > judged.length ? Number.POSITIVE_INFINITY : Math.max(0, relevantThreshold - 1);
  }
  // mean, rounded half up in integers: ⌊(2·sum + count) / (2·count)⌋ = ⌊sum / count + 1/2⌋
  const sum = judged.reduce((total, value) => total + value, 0);
  return Math.floor((2 * sum + judged.length) / (2 * judged.length));
}
