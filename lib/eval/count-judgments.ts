import type { JudgmentPolicy, ModelJudgmentsPolicy } from "@/lib/exchange/golden-set-schema";
import { isModelAnnotator } from "@/lib/exchange/model-annotator";

/** What the rule reads of a label of one query (as in the golden set file). */
export type PolicyLabel = {
  document: string;
  grade: number;
  annotator: string | null;
  adjudicated?: boolean | undefined;
  /**
   * The passage it judges (offsets on its document version); null or absent: the whole document.
   * Only `fill_holes` reads it, to tell whether a person judged a model label's passage.
   */
  span?: { start: number; end: number } | null | undefined;
};

/**
 * Which judgments count in evaluation (docs/domain.md, "Grades and judgments"; README, "Which
 * judgments count"): the grade each label of one query is scored with, index by index, or null
 * when it does not count at all.
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
 *
 * Before all this, the set's model-judgments setting (`modelJudgments`, default `ignore`) decides
 * which labels of LLM judges (annotator `model:<name>`, isModelAnnotator) take part at all:
 * - `ignore`: none — model labels count with null, people's labels as if no judge existed.
 * - `model_only`: only model labels; people's labels count with null.
 * - `fill_holes`: people's labels, and a model label only where no person's label on the same
 *   document overlaps its passage (a person's document-level label covers the whole document; a
 *   model document-level label is hidden by any person's label on that document).
 * The policy's cap is then decided for people and for judges apart (a judge's grade never caps a
 * person's, nor the other way round); an adjudicated pair counts only its adjudicated labels.
 */
export function countedGrades(options: {
  labels: readonly PolicyLabel[];
  policy: JudgmentPolicy;
  relevantThreshold: number;
  modelJudgments?: ModelJudgmentsPolicy | undefined;
}): (number | null)[] {
  const { labels, policy, relevantThreshold } = options;
  const taking = takesPart(labels, options.modelJudgments ?? "ignore");
  const groupOf = (label: PolicyLabel) =>
    `${isModelAnnotator(label.annotator) ? "model" : "people"}\u0000${label.document}`;
  const byGroup = new Map<string, PolicyLabel[]>();
  labels.forEach((label, index) => {
    if (!taking[index]) return;
    byGroup.set(groupOf(label), [...(byGroup.get(groupOf(label)) ?? []), label]);
  });
  const adjudicatedDocuments = new Set(
    labels.filter((label, index) => taking[index] && label.adjudicated).map((label) => label.document),
  );
  const caps = new Map<string, number>();
  for (const [group, pairLabels] of byGroup)
    caps.set(group, pairCap({ labels: pairLabels, policy, relevantThreshold }));
  return labels.map((label, index) => {
    if (!taking[index]) return null;
    if (adjudicatedDocuments.has(label.document)) return label.adjudicated ? label.grade : null;
    return Math.min(label.grade, caps.get(groupOf(label)) ?? Number.POSITIVE_INFINITY);
  });
}

/** Per label, whether the model-judgments setting lets it take part (see countedGrades). */
function takesPart(labels: readonly PolicyLabel[], modelJudgments: ModelJudgmentsPolicy): boolean[] {
  if (modelJudgments === "ignore") return labels.map((label) => !isModelAnnotator(label.annotator));
  if (modelJudgments === "model_only") return labels.map((label) => isModelAnnotator(label.annotator));
  const people = labels.filter((label) => !isModelAnnotator(label.annotator));
  return labels.map(
    (label) =>
      !isModelAnnotator(label.annotator) ||
      !people.some((person) => person.document === label.document && overlaps(person.span, label.span)),
  );
}

/** Whether two passages of one document overlap; null or absent is the whole document. */
function overlaps(a: PolicyLabel["span"], b: PolicyLabel["span"]): boolean {
  if (!a || !b) return true;
  return a.start < b.end && b.start < a.end;
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
