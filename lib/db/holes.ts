import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

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

type CurrentText = { id: string; externalId: string; title: string; version: number; text: string };

/** The documents matching `where`, each with the text of its current version only. */
async function currentDocuments(
  prisma: Db,
  where: { corpusId: string; externalId: { in: string[] } } | { id: { in: string[] } },
): Promise<CurrentText[]> {
  const documents = await prisma.document.findMany({
    where,
    select: { id: true, externalId: true, title: true, version: true },
  });
  if (documents.length === 0) return [];
  const versions = await prisma.documentVersion.findMany({
    where: { OR: documents.map((document) => ({ documentId: document.id, version: document.version })) },
    select: { documentId: true, text: true },
  });
  const texts = new Map(versions.map((version) => [version.documentId, version.text]));
  return documents.map((document) => ({ ...document, text: texts.get(document.id) ?? "" }));
}

/** Current documents of a corpus (with their text) by external id, for the ids given. */
export async function loadCurrentDocumentsByExternalId(
  prisma: Db,
  options: { corpusId: string; externalIds: string[] },
): Promise<Map<string, CurrentText>> {
  const documents = await currentDocuments(prisma, {
    corpusId: options.corpusId,
    externalId: { in: options.externalIds },
  });
  return new Map(documents.map((document) => [document.externalId, document]));
}

/** Title, external id and current text of the documents holes point at, by id. */
export async function loadDocumentsById(
  prisma: Db,
  documentIds: string[],
): Promise<Map<string, CurrentText>> {
  const documents = await currentDocuments(prisma, { id: { in: documentIds } });
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
