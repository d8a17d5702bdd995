import { createQuoteSelector } from "@/lib/anchor/create-quote-selector";
import { labelSpanKey } from "@/lib/anchor/label-span-key";
import type { Db, Prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

async function loadLabelContext(
  prisma: Db,
  options: { queryId: string; documentId: string; documentVersion: number },
) {
  const query = await prisma.query.findUnique({
    where: { id: options.queryId },
    include: { goldenSet: true },
  });
  if (!query) throw new AppError("not_found", "No such query.");
  const document = await prisma.document.findUnique({ where: { id: options.documentId } });
  if (!document || document.corpusId !== query.goldenSet.corpusId) {
    throw new AppError("not_found", "That document is not in this set's corpus.");
  }
  if (document.version !== options.documentVersion) {
    throw new AppError(
      "conflict",
      `The document changed while you were reading it (now version ${document.version}); reload and select again.`,
    );
  }
  return { query, document };
}

/** Creates the label and, in the same transaction, moves an unlabeled query to in progress. */
function insertLabel(
  prisma: Db,
  options: { query: { id: string; status: string }; data: Prisma.LabelUncheckedCreateInput },
) {
  return prisma.$transaction(async (tx) => {
    const created = await tx.label.create({ data: options.data });
    if (options.query.status === "unlabeled") {
      await tx.query.update({ where: { id: options.query.id }, data: { status: "in_progress" } });
    }
    return created;
  });
}

/**
 * Stores a quote label for text.slice(start, end) of the document's current version: the exact
 * quote, ~32 characters of context (widened until unique) and the position hint.
 */
export async function createQuoteLabel(
  prisma: Db,
  options: {
    queryId: string;
    documentId: string;
    documentVersion: number;
    start: number;
    end: number;
    grade: number;
    annotatorId: string;
  },
): Promise<{ labelId: string; warning?: string }> {
  const { query } = await loadLabelContext(prisma, options);
  const version = await prisma.documentVersion.findUniqueOrThrow({
    where: { documentId_version: { documentId: options.documentId, version: options.documentVersion } },
  });
  if (options.end <= options.start || options.end > version.text.length) {
    throw new AppError("bad_request", "The selection is outside the document.");
  }
  const selector = createQuoteSelector({ text: version.text, start: options.start, end: options.end });
  if (!selector.exact.trim()) throw new AppError("bad_request", "Select some text first.");
  const label = await insertLabel(prisma, {
    query,
    data: {
      queryId: options.queryId,
      documentId: options.documentId,
      documentVersion: options.documentVersion,
      kind: "quote",
      exact: selector.exact,
      prefix: selector.prefix,
      suffix: selector.suffix,
      start: selector.start,
      end: selector.end,
      spanKey: labelSpanKey({
        kind: "quote",
        documentVersion: options.documentVersion,
        start: selector.start,
        end: selector.end,
      }),
      grade: options.grade,
      annotatorId: options.annotatorId,
    },
  });
  const warning =
    selector.occurrences > 1
      ? `This phrase occurs ${selector.occurrences}× in the document; the stored context was widened to tell them apart.`
      : undefined;
  return warning ? { labelId: label.id, warning } : { labelId: label.id };
}

/** The whole document counts (no single phrase is the answer). */
export async function createDocumentLabel(
  prisma: Db,
  options: {
    queryId: string;
    documentId: string;
    documentVersion: number;
    grade: number;
    annotatorId: string;
  },
): Promise<{ labelId: string }> {
  const { query } = await loadLabelContext(prisma, options);
  const label = await insertLabel(prisma, {
    query,
    data: {
      queryId: options.queryId,
      documentId: options.documentId,
      documentVersion: options.documentVersion,
      kind: "document",
      spanKey: labelSpanKey({ kind: "document" }),
      grade: options.grade,
      annotatorId: options.annotatorId,
    },
  });
  return { labelId: label.id };
}

export async function deleteLabel(prisma: Db, options: { labelId: string }): Promise<void> {
  const deleted = await prisma.label.deleteMany({ where: { id: options.labelId } });
  if (deleted.count === 0) throw new AppError("not_found", "That label was already deleted.");
}

export function listQueryLabels(prisma: Db, queryId: string) {
  return prisma.label.findMany({
    where: { queryId },
    orderBy: [{ createdAt: "asc" }],
    include: {
      document: { select: { externalId: true, title: true, version: true } },
      annotator: { select: { name: true } },
    },
  });
}
