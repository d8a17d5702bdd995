import type { LabelView } from "./types";

/**
 * The order of the label list (and of Shift+J/K): the open document's labels first, in reading
 * order with its whole-document label on top; then the other documents' labels by document id.
 */
export function orderLabels<T extends Pick<LabelView, "documentId" | "externalId" | "start">>(
  labels: readonly T[],
  openDocumentId: string | null,
): T[] {
  return [...labels].sort((a, b) => {
    const openA = a.documentId === openDocumentId ? 0 : 1;
    const openB = b.documentId === openDocumentId ? 0 : 1;
    return openA - openB || a.externalId.localeCompare(b.externalId) || (a.start ?? -1) - (b.start ?? -1);
  });
}

/**
 * A change to the workspace's labels: shown at once before the server confirms it (React's
 * useOptimistic), then applied to the labels the workspace keeps once the action answers.
 * `put` adds a label or replaces the one with its id (a save's answer, a restored label).
 */
export type LabelPatch<T> =
  | { kind: "regrade"; labelId: string; grade: number }
  | { kind: "remove"; labelId: string }
  | { kind: "put"; label: T };

export function applyLabelPatch<T extends Pick<LabelView, "id" | "grade">>(
  labels: T[],
  patch: LabelPatch<T>,
): T[] {
  if (patch.kind === "remove") return labels.filter((label) => label.id !== patch.labelId);
  if (patch.kind === "put") {
    const { label: put } = patch;
    return labels.some((label) => label.id === put.id)
      ? labels.map((label) => (label.id === put.id ? put : label))
      : [...labels, put];
  }
  return labels.map((label) => (label.id === patch.labelId ? { ...label, grade: patch.grade } : label));
}

/**
 * The user's own label a save would update instead of adding one (the server decides; this only
 * lets the screen show it at once): on the same document, the whole-document label, or the quote
 * label on exactly the same span.
 */
export function ownLabelOnSpan<T extends Pick<LabelView, "documentId" | "exact" | "start" | "end" | "mine">>(
  labels: readonly T[],
  target: { documentId: string; span: { start: number; end: number } | null },
): T | null {
  return (
    labels.find((label) => {
      if (!label.mine || label.documentId !== target.documentId) return false;
      if (target.span === null) return label.exact === null;
      return label.exact !== null && label.start === target.span.start && label.end === target.span.end;
    }) ?? null
  );
}

/** The highest grade judged per document (0 included), to mark the candidates already judged. */
export function bestGradeByDocument(
  labels: readonly Pick<LabelView, "documentId" | "grade">[],
): Map<string, number> {
  const best = new Map<string, number>();
  for (const label of labels) {
    const previous = best.get(label.documentId);
    best.set(label.documentId, previous === undefined ? label.grade : Math.max(previous, label.grade));
  }
  return best;
}
