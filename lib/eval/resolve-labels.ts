import { type LabelState, labelStateSchema } from "@/lib/anchor/label-state";
import { resolveQuote } from "@/lib/anchor/resolve-quote";
import { countedGrades } from "@/lib/eval/count-judgments";
import type { EvalLabel } from "@/lib/eval/label-metrics";
import type { GoldenSetFile } from "@/lib/exchange/golden-set-schema";

/** One label of the evaluated set version and where it landed in the current corpus. */
export type LabelResolution = {
  id: string; // "<query key>#<label index>"
  queryKey: string;
  document: string;
  grade: number;
  exact: string | null;
  state: LabelState;
  from: { start: number; end: number } | null;
  to: { start: number; end: number } | null;
};

/** What resolving needs of a document: its current version and text (lib/db/current-documents.ts gives more). */
type DocumentText = { id: string; externalId: string; version: number; text: string };

/**
 * Resolves every label of a set version against the current documents (docs/domain.md,
 * "Anchoring"). Returns the resolutions (for the report) and, per query key, the labels usable for
 * scoring — orphaned labels and labels of deleted documents are left out and reported, never
 * scored as misses.
 * Usable labels carry the grade the set's judgment policy counts them with (countedGrades): a
 * label the policy leaves out (an annotator's, where the pair was adjudicated; a judge's, as the
 * set's model-judgments setting says) is resolved and reported like any other but not scored.
 */
export function resolveSetLabels(options: {
  file: GoldenSetFile;
  documentsByExternalId: Map<string, DocumentText>;
}): { resolutions: LabelResolution[]; labelsByQuery: Map<string, EvalLabel[]> } {
  const resolutions: LabelResolution[] = [];
  const labelsByQuery = new Map<string, EvalLabel[]>();
  for (const query of options.file.queries) {
    const usable: EvalLabel[] = [];
    const counted = countedGrades({
      labels: query.labels.map((label) => ({
        ...label,
        span:
          label.target.kind === "quote"
            ? { start: label.target.selector[1].start, end: label.target.selector[1].end }
            : null,
      })),
      policy: options.file.set.judgmentPolicy,
      relevantThreshold: options.file.set.relevantThreshold,
      modelJudgments: options.file.set.modelJudgments,
    });
    query.labels.forEach((label, index) => {
      const grade = counted[index] ?? null;
      const id = `${query.id}#${index}`;
      const document = options.documentsByExternalId.get(label.document);
      const quote = label.target.kind === "quote" ? label.target.selector : null;
      const base = {
        id,
        queryKey: query.id,
        document: label.document,
        grade: label.grade,
        exact: quote ? quote[0].exact : null,
        from: quote ? { start: quote[1].start, end: quote[1].end } : null,
      };
      if (!document) {
        resolutions.push({ ...base, state: "missing-document", to: null });
        return;
      }
      if (!quote) {
        resolutions.push({ ...base, state: "document", to: null });
        if (grade !== null) usable.push({ id, documentId: document.id, grade, span: null });
        return;
      }
      const anchor = resolveQuote({
        text: document.text,
        selector: { ...quote[0], start: quote[1].start, end: quote[1].end },
        sameVersion: document.version === label.documentVersion,
      });
      if (anchor.state === "orphaned" || !("start" in anchor)) {
        resolutions.push({ ...base, state: "orphaned", to: null });
        return;
      }
      const span = { start: anchor.start, end: anchor.end };
      resolutions.push({ ...base, state: anchor.state, to: span });
      if (grade !== null) usable.push({ id, documentId: document.id, grade, span });
    });
    labelsByQuery.set(query.id, usable);
  }
  return { resolutions, labelsByQuery };
}

/** Counts per state, for the run's resolution report. */
export function countResolutions(resolutions: LabelResolution[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(
    labelStateSchema.options.map((state) => [state, 0]),
  );
  for (const resolution of resolutions) counts[resolution.state] = (counts[resolution.state] ?? 0) + 1;
  return counts;
}
