import type { Label } from "@/generated/prisma/client";
import type { Db, DbOrTransaction, Prisma } from "@/lib/db/client";
import { type NewLabelEvent, recordLabelEvents } from "@/lib/db/label-events";
import { AppError } from "@/lib/errors";
import { queryStatusAfterNewLabel } from "@/lib/labeling/query-status-after";
import { type LabelSuggestion, labelSnapshot } from "@/lib/sets/label-history";

// Data access for labels. The use cases that change labels (ownership, uniqueness, history) are
// in lib/curation (save-label.ts, change-label.ts, restore-label.ts); they call these inside one
// transaction.

/** The query, which must be in `setId` (a query of another set is not_found, like an unknown one). */
export async function findQueryInSet(prisma: DbOrTransaction, options: { setId: string; queryId: string }) {
  const query = await prisma.query.findUnique({
    where: { id: options.queryId },
    include: { goldenSet: true },
  });
  if (!query || query.goldenSetId !== options.setId)
    throw new AppError("not_found", "No such query in this set.");
  return query;
}

/**
 * The query and document a new label is made on: the query in its set, the document in the set's
 * corpus at the version the annotator read (another version is a conflict: reload and select again).
 */
export async function loadLabelContext(
  prisma: DbOrTransaction,
  options: { setId: string; queryId: string; documentId: string; documentVersion: number },
) {
  const query = await findQueryInSet(prisma, options);
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

/** The text of one version of a document; null when there is no such document or version. */
export async function getDocumentVersionText(
  prisma: DbOrTransaction,
  options: { documentId: string; version: number },
): Promise<string | null> {
  const version = await prisma.documentVersion.findUnique({
    where: { documentId_version: { documentId: options.documentId, version: options.version } },
    select: { text: true },
  });
  return version?.text ?? null;
}

/** The label with this id, when it belongs to this query; null otherwise (unknown or elsewhere). */
export function findLabelInQuery(prisma: DbOrTransaction, options: { labelId: string; queryId: string }) {
  return prisma.label.findFirst({ where: { id: options.labelId, queryId: options.queryId } });
}

/** The label with this id, wherever it is (null when there is none). */
export function findLabel(prisma: DbOrTransaction, labelId: string) {
  return prisma.label.findUnique({ where: { id: labelId } });
}

/**
 * The one label of (query, document, span, annotator, adjudicated), if any: the key labels are
 * unique by. An annotator's own judgment unless `adjudicated` is true (an adjudicator's deciding
 * judgment is a label of its own beside theirs).
 */
export function findLabelBySpan(
  prisma: DbOrTransaction,
  key: {
    queryId: string;
    documentId: string;
    spanKey: string;
    annotatorId: string | null;
    adjudicated?: boolean;
  },
) {
  return prisma.label.findFirst({ where: { ...key, adjudicated: key.adjudicated ?? false } });
}

/** Inserts a label and moves an unlabeled query to in progress. Run it in a transaction. */
export async function insertLabel(
  prisma: Prisma.TransactionClient,
  options: { queryStatus: string; data: Prisma.LabelUncheckedCreateInput },
) {
  const created = await prisma.label.create({ data: options.data });
  const status = queryStatusAfterNewLabel(options.queryStatus);
  if (status !== options.queryStatus) {
    // only from the status the caller read: a status someone changed since stays theirs
    await prisma.query.updateMany({
      where: { id: created.queryId, status: options.queryStatus },
      data: { status },
    });
  }
  return created;
}

export function updateLabelGrade(prisma: DbOrTransaction, options: { labelId: string; grade: number }) {
  return prisma.label.update({ where: { id: options.labelId }, data: { grade: options.grade } });
}

/**
 * Changes a label's grade and appends the "updated" event (before and after) to the history: the
 * one way a grade changes, for the workspace, the label list and a model's judgments. Call it in
 * the transaction that decided the change.
 */
export async function regradeLabel(
  tx: DbOrTransaction,
  options: {
    label: Label;
    grade: number;
    event: Omit<NewLabelEvent, "labelId" | "action" | "before" | "after">;
    suggestedBy?: LabelSuggestion;
  },
): Promise<Label> {
  const updated = await updateLabelGrade(tx, { labelId: options.label.id, grade: options.grade });
  await recordLabelEvents(tx, [
    {
      ...options.event,
      labelId: options.label.id,
      action: "updated",
      before: labelSnapshot(options.label),
      after: labelSnapshot(updated, options.suggestedBy),
    },
  ]);
  return updated;
}

/** Deletes the label row; the caller records the deletion in the history first. */
export async function removeLabel(prisma: DbOrTransaction, labelId: string): Promise<void> {
  const deleted = await prisma.label.deleteMany({ where: { id: labelId } });
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

/** Whether what a label refers to still exists: the document version it was made on, its annotator. */
export async function labelTargetsExist(
  prisma: DbOrTransaction,
  options: { documentId: string; documentVersion: number; annotatorId: string | null },
): Promise<{ documentVersion: boolean; annotator: boolean }> {
  const [version, annotator] = await Promise.all([
    prisma.documentVersion.findUnique({
      where: { documentId_version: { documentId: options.documentId, version: options.documentVersion } },
      select: { id: true },
    }),
    options.annotatorId
      ? prisma.user.findUnique({ where: { id: options.annotatorId }, select: { id: true } })
      : null,
  ]);
  return { documentVersion: version !== null, annotator: annotator !== null };
}
