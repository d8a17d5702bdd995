import type { Db } from "@/lib/db/client";
import { type CurrentDocument, loadCurrentDocuments } from "@/lib/db/current-documents";
import { AppError } from "@/lib/errors";
import type { PoolRun } from "@/lib/judging/judging-pool";
import { type GradeScale, gradeScaleSchema } from "@/lib/sets/set-schema";

// Data access for a judging job (lib/judging/run-judging.ts): the set and its queries, the runs
// a pool is built from, and the documents' current text.

export type JudgingSet = {
  id: string;
  name: string;
  corpusId: string;
  scale: GradeScale;
  relevantThreshold: number;
};

export type JudgingQuery = { id: string; key: string; text: string; informationNeed: string };

/** The set with its grade scale, and its queries in set order. */
export async function loadJudgingSet(
  prisma: Db,
  setId: string,
): Promise<{ set: JudgingSet; queries: JudgingQuery[] }> {
  const set = await findJudgingSet(prisma, setId);
  const queries = await prisma.query.findMany({
    where: { goldenSetId: setId },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { id: true, key: true, text: true, informationNeed: true },
  });
  return { set, queries };
}

async function findJudgingSet(prisma: Db, setId: string): Promise<JudgingSet> {
  const set = await prisma.goldenSet.findUnique({
    where: { id: setId },
    select: { id: true, name: true, corpusId: true, gradeScale: true, relevantThreshold: true },
  });
  if (!set) throw new AppError("not_found", `No golden set ${setId}.`);
  const { gradeScale, ...rest } = set;
  return { ...rest, scale: gradeScaleSchema.parse(gradeScale) };
}

/**
 * Whether a run ranks documents: it was scored in document mode, or its configuration chunks
 * whole documents (one chunk per document), as export-run's document level writes it.
 */
function isDocumentLevelRun(run: { mode: string; params: unknown }): boolean {
  if (run.mode === "document") return true;
  const params = run.params as { chunking?: { strategy?: unknown } } | null;
  return params?.chunking?.strategy === "document";
}

/**
 * The runs of the set with their stored results, in the order given: a passage-level run's
 * first `depth` ranks, a document-level run's results all (its top `depth` are documents). A run
 * of another set, or unknown, is not_found; an unfinished one is refused.
 */
export async function loadPoolRuns(
  prisma: Db,
  options: { setId: string; runIds: readonly string[]; depth: number },
): Promise<(PoolRun & { mode: string; coverage: number })[]> {
  const runs = await prisma.run.findMany({
    where: { id: { in: [...options.runIds] }, goldenSetId: options.setId },
    select: { id: true, mode: true, coverage: true, status: true, config: { select: { params: true } } },
  });
  const byId = new Map(runs.map((run) => [run.id, run]));
  const pooled: (PoolRun & { mode: string; coverage: number })[] = [];
  for (const runId of options.runIds) {
    const run = byId.get(runId);
    if (!run) throw new AppError("not_found", `No run ${runId} in this set.`);
    if (run.status !== "succeeded")
      throw new AppError(
        "bad_request",
        `Run ${runId} has not finished (${run.status}); judge finished runs only.`,
      );
    const documentLevel = isDocumentLevelRun({ mode: run.mode, params: run.config.params });
    const results = await prisma.runResult.findMany({
      where: documentLevel ? { runId } : { runId, rank: { lte: options.depth } },
      orderBy: [{ queryId: "asc" }, { rank: "asc" }],
      select: { queryId: true, documentId: true, rank: true, start: true, end: true },
    });
    pooled.push({ runId, documentLevel, results, mode: run.mode, coverage: run.coverage });
  }
  return pooled;
}

export type JudgingDocument = CurrentDocument;

/** The documents' current versions with their text, by id (a deleted document is absent). */
export async function loadJudgingDocuments(
  prisma: Db,
  documentIds: readonly string[],
): Promise<Map<string, JudgingDocument>> {
  const documents = await loadCurrentDocuments(prisma, { ids: documentIds });
  return new Map(documents.map((document) => [document.id, document]));
}

/** A query with its set (for its scale), for asking a judge in the workspace. */
export async function loadJudgingQuery(
  prisma: Db,
  queryId: string,
): Promise<{ set: JudgingSet; query: JudgingQuery }> {
  const row = await prisma.query.findUnique({
    where: { id: queryId },
    select: { id: true, key: true, text: true, informationNeed: true, goldenSetId: true },
  });
  if (!row) throw new AppError("not_found", `No query ${queryId}.`);
  const { goldenSetId, ...query } = row;
  return { set: await findJudgingSet(prisma, goldenSetId), query };
}
