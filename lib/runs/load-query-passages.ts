import { chunkHash } from "@/lib/corpora/content-hash";
import type { Db } from "@/lib/db/client";
import { loadDocumentIds } from "@/lib/db/document-ids";
import { loadRunQueryResults } from "@/lib/db/run-passages";
import { AppError } from "@/lib/errors";
import { type MarkedPassage, markPassages } from "@/lib/eval/mark-passages";
import { parseSetSnapshot, type RunQueryLabel, runQueryLabels, snapshotJudging } from "@/lib/eval/run-labels";
import { parseRunResolution, scoringModeSchema } from "@/lib/eval/run-report-schema";

/** Longest excerpt of a passage shown in a list, in characters. */
const PASSAGE_EXCERPT_LENGTH = 480;

type QueryPassage = {
  rank: number;
  score: number;
  document: { id: string; externalId: string | null; title: string };
  start: number;
  end: number;
  /** The passage's text (cut to PASSAGE_EXCERPT_LENGTH); null when no version of its document holds it any more. */
  excerpt: string | null;
  truncated: boolean;
} & Pick<MarkedPassage, "judgement" | "labels" | "scored" | "partial">;

export type QueryPassages = {
  query: { id: string; key: string; text: string };
  /** Every label of the query in the run's set version, scored or not (orphaned and uncounted ones too). */
  labels: RunQueryLabel[];
  /** The set's grade names by grade ("answers it"), from the run's set version. */
  gradeNames: Record<number, string>;
  relevantThreshold: number;
  /** The run's θ: the coverage a passage needs to satisfy a quote label. */
  coverage: number;
  passages: QueryPassage[];
};

/**
 * One query's retrieved passages in a run, rank by rank: the document, an excerpt of the chunk's
 * text (from the document version whose text has the stored chunk hash — the text the run saw),
 * the score, and the labels each satisfies under the run's coverage rule and scoring mode, with
 * unjudged passages marked. Also the query's labels as the run resolved them.
 */
export async function loadQueryPassages(
  prisma: Db,
  options: { runId: string; queryId: string },
): Promise<QueryPassages> {
  const { run, query, results, documents } = await loadRunQueryResults(prisma, options);
  const file = parseSetSnapshot(run.goldenSetVersion.snapshot);
  const fileQuery = file.queries.find((candidate) => candidate.id === query.key);
  if (!fileQuery) throw new AppError("not_found", "This query was added after the run's set version.");
  const documentIds = await loadDocumentIds(prisma, {
    corpusId: run.goldenSet.corpusId,
    externalIds: fileQuery.labels.map((label) => label.document),
  });
  const labels = runQueryLabels({
    query: fileQuery,
    resolution: parseRunResolution(run.resolution),
    documentIds,
    judging: snapshotJudging(file),
  });
  const marks = markPassages({
    passages: results,
    labels: labels.flatMap(({ scored, countedGrade: _counted, ...label }) =>
      scored ? [{ ...label, ...scored }] : [],
    ),
    mode: scoringModeSchema.catch("label").parse(run.mode),
    coverage: run.coverage,
    relevantThreshold: file.set.relevantThreshold,
    identify: (label) => label.id,
  });
  const byId = new Map(documents.map((document) => [document.id, document]));
  const passages = results.map((result, index): QueryPassage => {
    const document = byId.get(result.documentId);
    const text = document?.versions
      .map((version) => version.text.slice(result.start, result.end))
      .find((candidate) => chunkHash(candidate).startsWith(result.chunkHash));
    return {
      rank: result.rank,
      score: result.score,
      document: {
        id: result.documentId,
        externalId: document?.externalId ?? null,
        title: document?.title || document?.externalId || "A deleted document",
      },
      start: result.start,
      end: result.end,
      excerpt: text === undefined ? null : text.slice(0, PASSAGE_EXCERPT_LENGTH),
      truncated: text !== undefined && text.length > PASSAGE_EXCERPT_LENGTH,
      judgement: marks[index]?.judgement ?? "unjudged",
      labels: marks[index]?.labels ?? [],
      scored: marks[index]?.scored ?? false,
      partial: marks[index]?.partial ?? null,
    };
  });
  return {
    query,
    labels,
    gradeNames: Object.fromEntries(file.set.gradeScale.map((level) => [level.grade, level.name])),
    relevantThreshold: file.set.relevantThreshold,
    coverage: run.coverage,
    passages,
  };
}
