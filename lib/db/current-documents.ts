import { Prisma } from "@/generated/prisma/client";
import type { DbOrTransaction } from "@/lib/db/client";
import { findInBatches } from "@/lib/db/find-in-batches";

// Documents with the text of their current version: the version row holds the text, so every
// reader of current texts joins each document to the version its `version` names — here, once.

/** A document with the text of its current version. */
export type CurrentDocument = {
  id: string;
  corpusId: string;
  externalId: string;
  title: string;
  version: number;
  text: string;
};

/** Documents per statement when a whole corpus is read a page at a time. */
const DOCUMENTS_PER_PAGE = 500;

/** Each document joined to its current version; the caller adds which documents and in what order. */
const currentDocumentRows = Prisma.sql`
  SELECT d."id" AS "id", d."corpusId" AS "corpusId", d."externalId" AS "externalId",
         d."title" AS "title", d."version" AS "version", v."text" AS "text"
  FROM "Document" d JOIN "DocumentVersion" v ON v."documentId" = d."id" AND v."version" = d."version"`;

/** The current documents `where` (a condition on `d`) chooses, then `rest` (an order, a limit). */
async function selectCurrentDocuments(
  prisma: DbOrTransaction,
  where: Prisma.Sql,
  rest: Prisma.Sql = Prisma.empty,
): Promise<CurrentDocument[]> {
  const rows = await prisma.$queryRaw<CurrentDocument[]>`${currentDocumentRows} WHERE ${where} ${rest}`;
  // a raw read is not typed by the schema: the version is a number whatever a driver makes of it
  for (const row of rows) row.version = Number(row.version);
  return rows;
}

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
  return findInBatches(keys, (batch) => selectCurrentDocuments(prisma, chosen(batch)));
}

/**
 * Every document of a corpus with its current text, ordered by external id (the database's
 * collation), in one statement — what retrieval indexes, which needs the corpus whole anyway.
 */
export function loadCorpusDocuments(prisma: DbOrTransaction, corpusId: string): Promise<CurrentDocument[]> {
  return selectCurrentDocuments(
    prisma,
    Prisma.sql`d."corpusId" = ${corpusId}`,
    Prisma.sql`ORDER BY d."externalId"`,
  );
}

/**
 * Every document of a corpus with its current text, a page at a time in id order (the
 * database's collation, as Prisma's `orderBy: { id: "asc" }`): one statement a page, each
 * starting after the last id of the page before, so an export never holds a large corpus whole.
 */
export async function* pageCorpusDocuments(
  prisma: DbOrTransaction,
  corpusId: string,
): AsyncGenerator<CurrentDocument[]> {
  const inCorpus = Prisma.sql`d."corpusId" = ${corpusId}`;
  let after: string | undefined;
  for (;;) {
    const page = await selectCurrentDocuments(
      prisma,
      after === undefined ? inCorpus : Prisma.sql`${inCorpus} AND d."id" > ${after}`,
      Prisma.sql`ORDER BY d."id" LIMIT ${DOCUMENTS_PER_PAGE}`,
    );
    if (page.length > 0) yield page;
    if (page.length < DOCUMENTS_PER_PAGE) return;
    after = page.at(-1)?.id;
  }
}
