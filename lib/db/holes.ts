import type { Db } from "@/lib/db/client";
import { type CurrentDocument, loadCurrentDocuments } from "@/lib/db/current-documents";
import { AppError } from "@/lib/errors";
import type { EvalLabel } from "@/lib/eval/label-metrics";
import { resolveSetLabels } from "@/lib/eval/resolve-labels";
import type { GoldenSetFile } from "@/lib/exchange/golden-set-schema";

// Data access for holes (lib/queue/load-holes.ts): the runs whose top k is examined, their stored
// results, and the documents the judgments and the holes name.

/**
 * The set's settings that holes depend on, and its runs to examine: the run `runId` (archived or
 * not), or every finished, non-archived run of the set. A label-mode run's top k are its first
 * `k` results; a document-mode run needs them all (its top k are the first k documents).
 */
export async function loadHoleRuns(prisma: Db, options: { setId: string; runId?: string | undefined }) {
  const set = await prisma.goldenSet.findUnique({
    where: { id: options.setId },
    select: { id: true, corpusId: true, poolDepth: true, relevantThreshold: true },
  });
  if (!set) throw new AppError("not_found", "No such golden set.");
  const runs = await prisma.run.findMany({
    where: options.runId
      ? { id: options.runId, goldenSetId: set.id }
      : { goldenSetId: set.id, status: "succeeded", archivedAt: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      mode: true,
      coverage: true,
      status: true,
      createdAt: true,
      config: { select: { name: true, version: true } },
    },
  });
  if (options.runId && runs.length === 0) throw new AppError("not_found", "No such run in this set.");
  const k = set.poolDepth;
  const results = runs.length
    ? await prisma.runResult.findMany({
        where: {
          OR: runs.map((run) =>
            run.mode === "document" ? { runId: run.id } : { runId: run.id, rank: { lte: k } },
          ),
        },
        select: { runId: true, queryId: true, rank: true, documentId: true, start: true, end: true },
      })
    : [];
  return { set, k, runs, results };
}

/**
 * The labels of a golden set file as they resolve against the corpus's current documents and
 * count under the file's settings (resolveSetLabels), keyed by query id rather than query key;
 * labels of queries not in `queries` are left out.
 */
export async function resolveCurrentLabelsByQueryId(
  prisma: Db,
  options: { file: GoldenSetFile; corpusId: string; queries: readonly { id: string; key: string }[] },
): Promise<Map<string, EvalLabel[]>> {
  const externalIds = [
    ...new Set(options.file.queries.flatMap((query) => query.labels.map((label) => label.document))),
  ];
  const documents = await loadCurrentDocuments(prisma, { corpusId: options.corpusId, externalIds });
  const documentsByExternalId = new Map(documents.map((document) => [document.externalId, document]));
  const { labelsByQuery } = resolveSetLabels({ file: options.file, documentsByExternalId });
  const idByKey = new Map(options.queries.map((query) => [query.key, query.id]));
  const byQuery = new Map<string, EvalLabel[]>();
  for (const [key, labels] of labelsByQuery) {
    const queryId = idByKey.get(key);
    if (queryId) byQuery.set(queryId, labels);
  }
  return byQuery;
}

/** Title, external id and current text of the documents holes point at, by id. */
export async function loadDocumentsById(
  prisma: Db,
  documentIds: string[],
): Promise<Map<string, CurrentDocument>> {
  const documents = await loadCurrentDocuments(prisma, { ids: documentIds });
  return new Map(documents.map((document) => [document.id, document]));
}

/** The queries of a set by id: key, text and position, for hole lists. */
export async function loadSetQueries(prisma: Db, setId: string) {
  return prisma.query.findMany({
    where: { goldenSetId: setId },
    orderBy: { position: "asc" },
    select: { id: true, key: true, text: true, position: true },
  });
}
