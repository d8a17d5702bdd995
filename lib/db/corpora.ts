import { randomUUID } from "node:crypto";
import { contentHash } from "@/lib/corpora/content-hash";
import type { Db, Prisma } from "@/lib/db/client";
import { containsIgnoringCase } from "@/lib/db/sql-dialect";
import { AppError } from "@/lib/errors";
import type { SourceDocument } from "@/lib/exchange/read-corpus-jsonl";

const BATCH_SIZE = 500;

export type CorpusImportSummary = {
  corpusId: string;
  documents: number;
  created: number;
  updated: number;
  unchanged: number;
};

/**
 * Imports documents into a corpus (created when missing) in ONE transaction: any error in the
 * input rolls everything back. A document whose text changed gets a new version; the old text is
 * kept so labels made on it can be re-anchored.
 */
export async function importDocuments(
  prisma: Db,
  options: {
    corpusName: string;
    documents: AsyncIterable<SourceDocument>;
    onProgress?: (documentsRead: number) => Promise<void> | void;
  },
): Promise<CorpusImportSummary> {
  return prisma.$transaction(
    async (tx) => {
      const corpus = await tx.corpus.upsert({
        where: { name: options.corpusName },
        create: { name: options.corpusName },
        update: {},
      });
      const existing = new Map(
        (
          await tx.document.findMany({
            where: { corpusId: corpus.id },
            select: { id: true, externalId: true, contentHash: true, version: true },
          })
        ).map((doc) => [doc.externalId, doc]),
      );
      const summary: CorpusImportSummary = {
        corpusId: corpus.id,
        documents: 0,
        created: 0,
        updated: 0,
        unchanged: 0,
      };
      const batch: Batch = { documents: [], versions: [] };
      for await (const doc of options.documents) {
        summary.documents++;
        summary[await importDocument(tx, { doc, corpusId: corpus.id, existing, batch })]++;
        if (batch.documents.length + batch.versions.length >= BATCH_SIZE) await flush(tx, batch);
        if (summary.documents % 200 === 0) await options.onProgress?.(summary.documents);
      }
      await flush(tx, batch);
      if (summary.documents === 0) throw new AppError("bad_request", "The file has no documents.");
      return summary;
    },
    { timeout: 30 * 60_000, maxWait: 60_000 },
  );
}

type Batch = {
  documents: Prisma.DocumentCreateManyInput[];
  versions: { documentId: string; version: number; title: string; text: string; contentHash: string }[];
};
type KnownDocument = { id: string; externalId: string; contentHash: string; version: number };

/** Writes the batched new documents and versions, and empties the batch. */
async function flush(tx: Prisma.TransactionClient, batch: Batch): Promise<void> {
  if (batch.documents.length) await tx.document.createMany({ data: batch.documents });
  if (batch.versions.length) await tx.documentVersion.createMany({ data: batch.versions });
  batch.documents = [];
  batch.versions = [];
}

/**
 * One imported document: new (batched, version 1), changed (its row updated now, its new version
 * batched) or unchanged; `existing` follows, so a document listed twice is compared with itself.
 */
async function importDocument(
  tx: Prisma.TransactionClient,
  options: { doc: SourceDocument; corpusId: string; existing: Map<string, KnownDocument>; batch: Batch },
): Promise<"created" | "updated" | "unchanged"> {
  const { doc, existing, batch } = options;
  const hash = contentHash(doc.text);
  const previous = existing.get(doc.externalId);
  if (!previous) {
    const id = randomUUID();
    batch.documents.push({
      id,
      corpusId: options.corpusId,
      externalId: doc.externalId,
      title: doc.title,
      ...(doc.metadata ? { metadata: doc.metadata as Prisma.InputJsonObject } : {}),
      contentHash: hash,
    });
    batch.versions.push({ documentId: id, version: 1, title: doc.title, text: doc.text, contentHash: hash });
    existing.set(doc.externalId, { id, externalId: doc.externalId, contentHash: hash, version: 1 });
    return "created";
  }
  if (previous.contentHash === hash) return "unchanged";
  const version = previous.version + 1;
  await tx.document.update({
    where: { id: previous.id },
    data: {
      version,
      contentHash: hash,
      title: doc.title,
      metadata: (doc.metadata ?? undefined) as Prisma.InputJsonObject | undefined,
    },
  });
  batch.versions.push({
    documentId: previous.id,
    version,
    title: doc.title,
    text: doc.text,
    contentHash: hash,
  });
  existing.set(doc.externalId, { ...previous, version, contentHash: hash });
  return "updated";
}

export function listCorpora(prisma: Db) {
  return prisma.corpus.findMany({
    orderBy: { name: "asc" },
    include: { _count: { select: { documents: true, goldenSets: true } } },
  });
}

export async function corpusExists(prisma: Db, id: string): Promise<boolean> {
  return (await prisma.corpus.count({ where: { id } })) > 0;
}

export async function getCorpus(prisma: Db, id: string) {
  const corpus = await prisma.corpus.findUnique({
    where: { id },
    include: { _count: { select: { documents: true } } },
  });
  if (!corpus) throw new AppError("not_found", "No such corpus.");
  return corpus;
}

export function listDocuments(
  prisma: Db,
  options: { corpusId: string; search?: string; skip: number; take: number },
) {
  const where = {
    corpusId: options.corpusId,
    ...(options.search
      ? {
          OR: [
            { title: containsIgnoringCase(prisma, options.search) },
            { externalId: containsIgnoringCase(prisma, options.search) },
          ],
        }
      : {}),
  };
  return prisma.$transaction([
    prisma.document.findMany({
      where,
      orderBy: { externalId: "asc" },
      skip: options.skip,
      take: options.take,
    }),
    prisma.document.count({ where }),
  ]);
}

/**
 * A document of one corpus with its current text and how many versions it has had; not_found for
 * any other id.
 */
export async function getCorpusDocument(prisma: Db, options: { corpusId: string; documentId: string }) {
  const doc = await prisma.document.findFirst({
    where: { id: options.documentId, corpusId: options.corpusId },
    include: { _count: { select: { versions: true } } },
  });
  if (!doc) throw new AppError("not_found", "No such document in this corpus.");
  const version = await prisma.documentVersion.findUniqueOrThrow({
    where: { documentId_version: { documentId: doc.id, version: doc.version } },
  });
  return {
    id: doc.id,
    externalId: doc.externalId,
    title: doc.title,
    version: doc.version,
    versionCount: doc._count.versions,
    contentHash: doc.contentHash,
    metadata: doc.metadata,
    updatedAt: doc.updatedAt,
    text: version.text,
  };
}
