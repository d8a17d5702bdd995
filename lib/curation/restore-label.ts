import { labelSpanKey } from "@/lib/anchor/label-span-key";
import { can, mayChangeLabel } from "@/lib/auth/roles";
import type { Db, Prisma } from "@/lib/db/client";
import { findLabelEvent, findLatestLabelEvent, recordLabelEvents } from "@/lib/db/label-events";
import { findLabel, findLabelBySpan, findQueryInSet, insertLabel, labelTargetsExist } from "@/lib/db/labels";
import { AppError } from "@/lib/errors";
import { queryStatusAfterNewLabel } from "@/lib/labeling/query-status-after";
import { type LabelSnapshot, labelSnapshot, readLabelSnapshot } from "@/lib/sets/label-history";
import type { LabelActor } from "./save-label";

/** The label brought back, and its query's status after (a restore onto an unlabeled query moves it to in progress). */
export type RestoredLabel = { labelId: string; queryId: string; queryStatus: string };

/**
 * Brings a deleted label back (admins only), from the `deleted` event that removed it: the same
 * id and content (its quote, grade, annotator and creation time), recorded as `restored`. Refused
 * with a conflict when it cannot come back as it was: the label exists again, it changed after
 * that deletion, its query or document is gone, or an equal label (same query, document, span and
 * annotator) was made since.
 */
export async function restoreLabel(
  prisma: Db,
  options: { actor: LabelActor; setId: string; eventId: string },
): Promise<RestoredLabel> {
  if (!can(options.actor.role, "admin")) {
    throw new AppError("forbidden", "Only an admin can restore a deleted label.");
  }
  return prisma.$transaction(async (tx) => {
    const event = await findLabelEvent(tx, options.eventId);
    if (!event || event.goldenSetId !== options.setId) {
      throw new AppError("not_found", "There is no such event in this set's label history.");
    }
    if (event.action !== "deleted") throw new AppError("conflict", "Only a deleted label can be restored.");
    if (await findLabel(tx, event.labelId)) {
      throw new AppError("conflict", "This label exists: it was restored already.");
    }
    const latest = await findLatestLabelEvent(tx, event.labelId);
    if (latest?.id !== event.id) {
      throw new AppError("conflict", "This label has a later event than this deletion; restore that one.");
    }
    return restoreFromDeletion(tx, { actor: options.actor, setId: options.setId, event });
  });
}

/**
 * Undoes a deletion from the labeling workspace (`u`): whoever deleted a label may bring it back
 * while that deletion is its latest event — an annotator their own label, an adjudicator anyone's
 * (admins restore any deletion). It comes back as `restoreLabel` brings it: same id and content.
 */
export async function undoLabelDeletion(
  prisma: Db,
  options: { actor: LabelActor; setId: string; queryId: string; labelId: string },
): Promise<RestoredLabel> {
  return prisma.$transaction(async (tx) => {
    const event = await findLatestLabelEvent(tx, options.labelId);
    if (!event || event.goldenSetId !== options.setId || event.queryId !== options.queryId) {
      throw new AppError("not_found", "There is no deleted label with that id on this query.");
    }
    if (await findLabel(tx, event.labelId)) {
      throw new AppError("conflict", "This label exists: it was restored already.");
    }
    if (event.action !== "deleted") throw new AppError("conflict", "Only a deleted label can be restored.");
    const owner = readLabelSnapshot(event.before)?.annotatorId ?? null;
    const ownDeletion =
      event.actorId === options.actor.id && mayChangeLabel(options.actor, { annotatorId: owner });
    if (!ownDeletion && !can(options.actor.role, "admin")) {
      throw new AppError(
        "forbidden",
        "You can undo only your own deletions; an admin can restore any deleted label from the set's history.",
      );
    }
    return restoreFromDeletion(tx, { actor: options.actor, setId: options.setId, event });
  });
}

/** Re-inserts a label from the `deleted` event that removed it, and records `restored`. */
async function restoreFromDeletion(
  tx: Prisma.TransactionClient,
  options: { actor: LabelActor; setId: string; event: { labelId: string; queryId: string; before: unknown } },
): Promise<RestoredLabel> {
  const { event } = options;
  const snapshot = readLabelSnapshot(event.before);
  if (!snapshot) throw new AppError("conflict", "The history does not hold this label's content.");
  const query = await findQueryInSet(tx, { setId: options.setId, queryId: event.queryId }).catch(() => {
    throw new AppError("conflict", "Its query is no longer in this set, so the label cannot come back.");
  });
  const targets = await labelTargetsExist(tx, {
    documentId: snapshot.documentId,
    documentVersion: snapshot.documentVersion,
    annotatorId: snapshot.annotatorId,
  });
  if (!targets.documentVersion) {
    throw new AppError(
      "conflict",
      "The document version it quoted is no longer in the corpus, so the label cannot come back.",
    );
  }
  // A removed annotator leaves the label without one, as removing the user would have.
  const annotatorId = targets.annotator ? snapshot.annotatorId : null;
  const spanKey = spanKeyOf(snapshot);
  const adjudicated = snapshot.adjudicated === true;
  await refuseEqualLabel(tx, {
    queryId: query.id,
    documentId: snapshot.documentId,
    spanKey,
    annotatorId,
    adjudicated,
  });
  const createdAt = new Date(snapshot.createdAt);
  const restored = await insertLabel(tx, {
    queryStatus: query.status,
    data: {
      id: event.labelId,
      queryId: query.id,
      documentId: snapshot.documentId,
      documentVersion: snapshot.documentVersion,
      kind: snapshot.kind,
      exact: snapshot.exact,
      prefix: snapshot.prefix,
      suffix: snapshot.suffix,
      start: snapshot.start,
      end: snapshot.end,
      spanKey,
      grade: snapshot.grade,
      annotatorId,
      adjudicated,
      // an imported label comes back as imported (the import lives as long as the set)
      judgmentImportId: snapshot.judgmentImportId ?? null,
      ...(Number.isNaN(createdAt.getTime()) ? {} : { createdAt }),
    },
  });
  await recordLabelEvents(tx, [
    {
      labelId: restored.id,
      queryId: query.id,
      goldenSetId: query.goldenSetId,
      action: "restored",
      actor: options.actor,
      before: null,
      after: labelSnapshot(restored),
    },
  ]);
  const queryStatus = queryStatusAfterNewLabel(query.status);
  return { labelId: restored.id, queryId: query.id, queryStatus };
}

function spanKeyOf(snapshot: LabelSnapshot): string {
  if (snapshot.kind === "document" || snapshot.start === null || snapshot.end === null) {
    return labelSpanKey({ kind: "document" });
  }
  return labelSpanKey({
    kind: "quote",
    documentVersion: snapshot.documentVersion,
    start: snapshot.start,
    end: snapshot.end,
  });
}

async function refuseEqualLabel(
  tx: Prisma.TransactionClient,
  key: {
    queryId: string;
    documentId: string;
    spanKey: string;
    annotatorId: string | null;
    adjudicated: boolean;
  },
): Promise<void> {
  const equal = await findLabelBySpan(tx, key);
  if (!equal) return;
  throw new AppError(
    "conflict",
    `An equal label exists now (same query, document, span and annotator, grade ${equal.grade}): change that label instead of restoring this one.`,
  );
}
