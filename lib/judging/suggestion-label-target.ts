import { checkJudgeEvidence } from "@/lib/judging/check-judge-evidence";

/** The stored judge answer a person accepts (ModelJudgment's fields that decide the label). */
export type AcceptedJudgment = {
  status: string;
  grade: number | null;
  quote: string;
  /** The passage judged, on the document version whose `text` is given. */
  start: number;
  end: number;
  wholeDocument: boolean;
};

/**
 * What label accepting the judge's suggestion makes: a quote label on the judge's quote, located
 * again in the passage exactly as the judgment was checked; for grade 0 (no quote needed) the
 * passage itself, or the whole document when the whole document was judged. An unsupported or
 * failed answer makes no label: `refusal` says why.
 */
export type SuggestionLabelTarget =
  | { kind: "quote"; grade: number; start: number; end: number }
  | { kind: "document"; grade: number }
  | { kind: "refused"; refusal: string };

export function suggestionLabelTarget(judgment: AcceptedJudgment, text: string): SuggestionLabelTarget {
  const { grade } = judgment;
  if (judgment.status === "failed" || grade === null)
    return {
      kind: "refused",
      refusal: "The judge gave no usable answer for this passage: label it yourself.",
    };
  if (judgment.status === "unsupported") {
    return {
      kind: "refused",
      refusal:
        "The judge's quote is not in the passage, so its suggestion does not count: select the evidence and label it yourself.",
    };
  }
  const passage = judgment.wholeDocument ? undefined : { start: judgment.start, end: judgment.end };
  if (grade === 0) {
    if (!passage) return { kind: "document", grade };
    const span = trimmed(text, passage);
    if (span.start >= span.end)
      return { kind: "refused", refusal: "The judged passage is empty in this version of the document." };
    return { kind: "quote", grade, ...span };
  }
  const evidence = checkJudgeEvidence({ text, passage, grade, quote: judgment.quote });
  if (evidence.status !== "supported") {
    return {
      kind: "refused",
      refusal: "The judge's quote is no longer in the passage: select the evidence and label it yourself.",
    };
  }
  return { kind: "quote", grade, start: evidence.start, end: evidence.end };
}

/** The span without the whitespace at its edges (a label's quote starts and ends on text). */
function trimmed(text: string, span: { start: number; end: number }): { start: number; end: number } {
  let start = Math.max(0, span.start);
  let end = Math.min(text.length, span.end);
  while (start < end && /\s/u.test(text[start] ?? "")) start++;
  while (end > start && /\s/u.test(text[end - 1] ?? "")) end--;
  return { start, end };
}
