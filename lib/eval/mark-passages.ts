import { chunkSatisfiesLabel, type EvalLabel, type RankedChunk } from "@/lib/eval/label-metrics";
import { bestPartialCoverage } from "@/lib/eval/partial-credit";
import type { ScoringMode } from "@/lib/eval/run-report-schema";

/**
 * How a retrieved passage stands against the query's labels:
 * - `relevant`: it satisfies a label with grade ≥ the set's threshold;
 * - `not-relevant`: it satisfies only labels graded below it (someone judged it, and said no);
 * - `unjudged`: no label covers it — a hole in the judgments, not a known miss.
 */
export type PassageJudgement = "relevant" | "not-relevant" | "unjudged";

export type MarkedPassage = {
  rank: number;
  documentId: string;
  start: number;
  end: number;
  judgement: PassageJudgement;
  /** The labels it satisfies, by `labelIdentity`, with their grades. */
  labels: { identity: string; grade: number; relevant: boolean }[];
  /** Identities of the relevant labels first satisfied here (what recall gains at this rank). */
  firstHits: string[];
  /**
   * The relevant label this passage holds only part of (coverage below θ, so it does not satisfy
   * it) and the largest such share — partial credit, shown so a chunk with 90% of a quote does not
   * read as a plain miss. Null when it holds none partly, and always in document mode.
   */
  partial: { identity: string; share: number } | null;
  /**
   * Document mode scores each document once, at its first passage: later passages of the same
   * document are not scored (false). Always true in label mode.
   */
  scored: boolean;
};

/**
 * What makes two labels the same judgment across set versions: document, span (or the whole
 * document) and grade. Label numbers are positions in one version and may shift between two.
 */
export function labelIdentity(label: Pick<EvalLabel, "documentId" | "span" | "grade">): string {
  const span = label.span ? `${label.span.start}-${label.span.end}` : "document";
  return `${label.documentId}|${span}|${label.grade}`;
}

/**
 * Marks each passage of one query's ranking with the labels it satisfies, as evaluation decides it
 * (docs/domain.md, "Evaluation"): a chunk satisfies a quote label when their coverage reaches the
 * run's θ (the rule the metrics use, `chunkSatisfiesLabel`); in document mode, when it is of the
 * label's document.
 * Labels are named by `identify` — by default `labelIdentity`, which stays the same across set
 * versions; a single run's page may name them by their id in the version instead.
 */
export function markPassages<Label extends EvalLabel>(options: {
  passages: readonly (RankedChunk & { rank: number })[];
  labels: readonly Label[];
  mode: ScoringMode;
  coverage: number;
  relevantThreshold: number;
  identify?: (label: Label) => string;
}): MarkedPassage[] {
  const { labels, mode, coverage, relevantThreshold } = options;
  const identify = options.identify ?? labelIdentity;
  const credited = new Set<string>();
  const seenDocuments = new Set<string>();
  return [...options.passages]
    .sort((left, right) => left.rank - right.rank)
    .map((passage) => {
      const satisfied = labels
        .filter((label) =>
          mode === "document"
            ? label.documentId === passage.documentId
            : chunkSatisfiesLabel({ chunk: passage, label, coverage }),
        )
        .map((label) => ({
          identity: identify(label),
          grade: label.grade,
          relevant: label.grade >= relevantThreshold,
        }));
      const firstHits = [
        ...new Set(
          satisfied
            .filter((label) => label.relevant && !credited.has(label.identity))
            .map((label) => label.identity),
        ),
      ];
      for (const identity of firstHits) credited.add(identity);
      const scored = mode === "label" || !seenDocuments.has(passage.documentId);
      const partial =
        mode === "label"
          ? bestPartialCoverage({ chunk: passage, labels, coverage, relevantThreshold })
          : null;
      seenDocuments.add(passage.documentId);
      const judgement: PassageJudgement = satisfied.some((label) => label.relevant)
        ? "relevant"
        : satisfied.length > 0
          ? "not-relevant"
          : "unjudged";
      return {
        rank: passage.rank,
        documentId: passage.documentId,
        start: passage.start,
        end: passage.end,
        judgement,
        labels: satisfied,
        firstHits,
        partial: partial ? { identity: identify(partial.label), share: partial.share } : null,
        scored,
      };
    });
}
