import { Prisma } from "@/generated/prisma/client";
import type { DbOrTransaction } from "@/lib/db/client";
import { findInBatches } from "@/lib/db/find-in-batches";

// Documents with the text of their current version: the version row holds the text, so every
// reader of current texts joins each document to the version its `version` names.

/** A document with the text of its current version. */
export type CurrentDocument = {
  id: string;
  corpusId: string;
  externalId: string;
  title: string;
  version: number;
  text: string;
};

/** The text of each document's given version (callers pass the current one), by document id. */
export async function loadVersionTexts(
  prisma: DbOrTransaction,
  documents: readonly { id: string; version: number }[],
): Promise<Map<string, string>> {
  const versions = await findInBatches(documents, (batch) =>
    prisma.documentVersion.findMany({
      where: { OR: batch.map((document) => ({ documentId: document.id, version: document.version })) },
      select: { documentId: true, text: true },
    }),
  );
  return new Map(versions.map((version) => [version.documentId, version.text]));
}

/**
 * The documents with these ids — or, with `corpusId`, these external ids in that corpus — each
 * with its current text: one statement per batch of keys, however many a comparison or a pool
 * asks for. A deleted or unknown document is absent; the order is the database's.
 */
export function loadCurrentDocuments(
  prisma: DbOrTransaction,
  options: { ids: readonly string[] } | { corpusId: string; externalIds: readonly string[] },
): Promise<CurrentDocument[]> {
  const keys = "ids" in options ? options.ids : options.externalIds;
  const chosen = (batch: string[]) =>
    "ids" in options
      ? Prisma.sql`d."id" IN (${Prisma.join(batch)})`
      : Prisma.sql`d."corpusId" = ${options.corpusId} AND d."externalId" IN (${Prisma.join(batch)})`;
  return findInBatches(
    keys,
    (batch) => prisma.$queryRaw<CurrentDocument[]>`
      SELECT d."id" AS "id", d."corpusId" AS "corpusId", d."externalId" AS "externalId",
             d."title" AS "title", d."version" AS "version", v."text" AS "text"
      FROM "Document" d JOIN "DocumentVersion" v ON v."documentId" = d."id" AND v."version" = d."version"
      WHERE ${chosen(batch)}`,
  );
}
