import type { DbOrTransaction } from "@/lib/db/client";
import { findInBatches } from "@/lib/db/find-in-batches";

// Documents are stored by id and named by their external id (what files, labels and runs name
// them by): the lookups between the two.

/** The external id of each document, by document id (an unknown id is absent). */
export async function loadExternalIds(
  prisma: DbOrTransaction,
  documentIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await findInBatches(documentIds, (batch) =>
    prisma.document.findMany({ where: { id: { in: batch } }, select: { id: true, externalId: true } }),
  );
  return new Map(rows.map((row) => [row.id, row.externalId]));
}

/** The id of each document of the corpus, by external id (an unknown external id is absent). */
export async function loadDocumentIds(
  prisma: DbOrTransaction,
  options: { corpusId: string; externalIds: readonly string[] },
): Promise<Map<string, string>> {
  const rows = await findInBatches(options.externalIds, (batch) =>
    prisma.document.findMany({
      where: { corpusId: options.corpusId, externalId: { in: batch } },
      select: { id: true, externalId: true },
    }),
  );
  return new Map(rows.map((row) => [row.externalId, row.id]));
}
