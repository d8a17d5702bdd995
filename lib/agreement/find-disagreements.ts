import type { AgreementItem } from "./collect-agreement-items";

/**
 * An item the annotators judged differently: `relevance` when some call it relevant (value ≥ the
 * threshold) and others not, `grade` when they agree on relevance but not on the grade.
 */
export type Disagreement = AgreementItem & { kind: "relevance" | "grade" };

/** The items whose annotators' values differ, relevance splits first, otherwise in item order. */
export function findDisagreements(options: {
  items: readonly AgreementItem[];
  relevantThreshold: number;
}): Disagreement[] {
  const found: Disagreement[] = [];
  for (const item of options.items) {
    const values = new Set(item.values.map((value) => value.value));
    if (values.size < 2) continue;
    const relevance = new Set([...values].map((value) => value >= options.relevantThreshold));
    found.push({ ...item, kind: relevance.size > 1 ? "relevance" : "grade" });
  }
  const rank = (kind: Disagreement["kind"]) => (kind === "relevance" ? 0 : 1);
  return found
    .map((item, index) => ({ item, index }))
    .sort((x, y) => rank(x.item.kind) - rank(y.item.kind) || x.index - y.index)
    .map(({ item }) => item);
}
