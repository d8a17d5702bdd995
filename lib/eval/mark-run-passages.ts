import type { LabelState } from "@/lib/anchor/label-state";
import { chunkSatisfiesLabel, type EvalLabel, type RankedChunk } from "@/lib/eval/label-metrics";
import type { RunResolution, ScoringMode } from "@/lib/eval/run-report-schema";
import type { GoldenSetFile } from "@/lib/exchange/golden-set-schema";

/** One label of a query as a run scored it: where it resolved, and the span it was scored with. */
export type RunLabel = {
  /** "<query key>#<label index>", as in the run's resolution report. */
  id: string;
  /** The document's external id. */
  document: string;
  grade: number;
  /** The quote; null for a document-level label. */
  exact: string | null;
  state: LabelState;
  /** What evaluation used; null when the label was left out (orphaned, or its document is gone). */
  scored: EvalLabel | null;
};

/**
 * The labels of one query of a run's frozen set version, resolved as the run resolved them: the
 * resolution report lists every label that did not resolve exactly (and split ones); any other
 * quote resolved exactly, at its recorded position. Without a readable report every label is
 * taken as exact. `documentIds` maps external ids to the corpus's document ids.
 */
export function runQueryLabels(options: {
  query: GoldenSetFile["queries"][number];
  resolution: RunResolution | null;
  documentIds: ReadonlyMap<string, string>;
}): RunLabel[] {
  const { query, resolution, documentIds } = options;
  const reported = new Map((resolution?.labels ?? []).map((label) => [label.id, label]));
  return query.labels.map((label, index) => {
    const id = `${query.id}#${index}`;
    const quote = label.target.kind === "quote" ? label.target.selector : null;
    const report = reported.get(id);
    const documentId = documentIds.get(label.document);
    const state: LabelState =
      report?.state ?? (documentId ? (quote ? "exact" : "document") : "missing-document");
    const span = quote ? (report ? report.to : { start: quote[1].start, end: quote[1].end }) : null;
    const usable = documentId !== undefined && state !== "orphaned" && state !== "missing-document";
    return {
      id,
      document: label.document,
      grade: label.grade,
      exact: quote ? quote[0].exact : null,
      state,
      scored:
        usable && (quote === null || span !== null)
          ? { id, documentId, grade: label.grade, span: quote ? span : null }
          : null,
    };
  });
}

/** A retrieved passage as the run's scoring saw it. */
export type MarkedPassage = {
  /** The labels this passage satisfies (any grade), in label order. */
  satisfies: string[];
  /** Some label of the query, of any grade (0 included), covers it: judged@k counts it. */
  judged: boolean;
  /** It satisfies a label with grade ≥ the set's relevance threshold. */
  relevant: boolean;
  /**
   * Document mode scores each document once, at its first chunk: later chunks of the same
   * document are not scored (false). Always true in label mode.
   */
  scored: boolean;
};

/**
 * Marks each passage of a ranking with the labels it satisfies, as evaluation decides it
 * (DESIGN.md §4): in label mode a chunk satisfies a label under the run's coverage rule
 * (`chunkSatisfiesLabel`); in document mode a passage stands for its document, which every label
 * of that document judges, and only a document's first passage is scored.
 */
export function markRunPassages(options: {
  ranking: readonly RankedChunk[];
  labels: readonly RunLabel[];
  mode: ScoringMode;
  coverage: number;
  relevantThreshold: number;
}): MarkedPassage[] {
  const { ranking, labels, mode, coverage, relevantThreshold } = options;
  const scoredLabels = labels.flatMap((label) => (label.scored ? [label.scored] : []));
  const seenDocuments = new Set<string>();
  return ranking.map((chunk) => {
    const satisfied = scoredLabels.filter((label) =>
      mode === "document"
        ? label.documentId === chunk.documentId
        : chunkSatisfiesLabel({ chunk, label, coverage }),
    );
    const scored = mode === "label" || !seenDocuments.has(chunk.documentId);
    seenDocuments.add(chunk.documentId);
    return {
      satisfies: satisfied.map((label) => label.id),
      judged: satisfied.length > 0,
      relevant: satisfied.some((label) => label.grade >= relevantThreshold),
      scored,
    };
  });
}
