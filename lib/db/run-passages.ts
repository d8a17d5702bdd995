import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

/**
 * What showing one query's retrieved passages in a run needs: the run's scoring settings, frozen
 * set version and resolution report; the query; its ranked results; and the documents the results
 * and labels name, with the text of every version (the run may predate a document's edit).
 */
export async function loadRunQueryResults(prisma: Db, options: { runId: string; queryId: string }) {
  const run = await prisma.run.findUnique({
    where: { id: options.runId },
    select: {
      id: true,
      mode: true,
      coverage: true,
      resolution: true,
      goldenSetVersion: { select: { snapshot: true } },
      goldenSet: { select: { id: true, corpusId: true } },
    },
  });
  if (!run) throw new AppError("not_found", "No such run.");
  const query = await prisma.query.findFirst({
    where: { id: options.queryId, goldenSetId: run.goldenSet.id },
    select: { id: true, key: true, text: true },
  });
  if (!query) throw new AppError("not_found", "No such query in this run's set.");
  const results = await prisma.runResult.findMany({
    where: { runId: run.id, queryId: query.id },
    orderBy: { rank: "asc" },
    select: { rank: true, documentId: true, start: true, end: true, chunkHash: true, score: true },
  });
  const documents = await prisma.document.findMany({
    where: {
      corpusId: run.goldenSet.corpusId,
      id: { in: [...new Set(results.map((row) => row.documentId))] },
    },
    select: {
      id: true,
      externalId: true,
      title: true,
      version: true,
      versions: { select: { version: true, text: true }, orderBy: { version: "desc" } },
    },
  });
  return { run, query, results, documents };
}
