import type { Db, DbOrTransaction } from "@/lib/db/client";
import { loadVersionTexts } from "@/lib/db/current-documents";

// Data access for the orphan repair queue (lib/curation/load-repair-queue.ts,
// lib/curation/reanchor-label.ts).

/**
 * The quote labels of a set made on an older version of their document than its current one,
 * with what the queue shows: the query, the document (current version and text), the annotator.
 * Only these can have stopped anchoring: a label on the current version is exact.
 */
export async function findLabelsOnChangedDocuments(prisma: Db, setId: string) {
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    SELECT l."id" AS "id"
    FROM "Label" l
    JOIN "Query" q ON q."id" = l."queryId"
    JOIN "Document" d ON d."id" = l."documentId"
    WHERE q."goldenSetId" = ${setId} AND l."kind" = 'quote' AND l."documentVersion" <> d."version"`;
  if (rows.length === 0) return [];
  const labels = await prisma.label.findMany({
    where: { id: { in: rows.map((row) => row.id) } },
    orderBy: [{ query: { position: "asc" } }, { createdAt: "asc" }, { id: "asc" }],
    include: {
      query: { select: { id: true, key: true, text: true } },
      document: { select: { id: true, externalId: true, title: true, version: true } },
      annotator: { select: { name: true } },
    },
  });
  const texts = await loadVersionTexts(prisma, [
    ...new Map(labels.map((label) => [label.documentId, label.document])).values(),
  ]);
  return labels.map((label) => ({ ...label, currentText: texts.get(label.documentId) ?? "" }));
}

/** Another label already holding the key a re-anchored label would take (the unique index's). */
export function findLabelHoldingSpan(
  prisma: DbOrTransaction,
  key: {
    labelId: string;
    queryId: string;
    documentId: string;
    spanKey: string;
    annotatorId: string | null;
    adjudicated: boolean;
  },
) {
  const { labelId, ...where } = key;
  return prisma.label.findFirst({ where: { ...where, id: { not: labelId } } });
}

/** Moves a quote label onto another document version and span (the caller records the event). */
export function updateLabelAnchor(
  prisma: DbOrTransaction,
  options: {
    labelId: string;
    documentVersion: number;
    exact: string;
    prefix: string;
    suffix: string;
    start: number;
    end: number;
    spanKey: string;
  },
) {
  const { labelId, ...data } = options;
  return prisma.label.update({ where: { id: labelId }, data });
}
