import type { DbOrTransaction } from "@/lib/db/client";
import { findInBatches } from "@/lib/db/find-in-batches";

// Documents with the text of their current version: the version row holds the text, so every
// reader of current texts loads the documents, then their versions' texts.

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
 * with its current text. A deleted or unknown document is absent; the order is the database's.
 */
export async function loadCurrentDocuments(
  prisma: DbOrTransaction,
  options: { ids: readonly string[] } | { corpusId: string; externalIds: readonly string[] },
): Promise<CurrentDocument[]> {
  const documents = await findInBatches("ids" in options ? options.ids : options.externalIds, (batch) =>
    prisma.document.findMany({
      where:
        "ids" in options ? { id: { in: batch } } : { corpusId: options.corpusId, externalId: { in: batch } },
      select: { id: true, corpusId: true, externalId: true, title: true, version: true },
    }),
  );
  const texts = await loadVersionTexts(prisma, documents);
  return documents.map((document) => ({ ...document, text: texts.get(document.id) ?? "" }));
}
