import { mayChangeLabel } from "@/lib/auth/roles";
import type { Db, Prisma } from "@/lib/db/client";
import { recordLabelEvents } from "@/lib/db/label-events";
import { findLabelInQuery, findQueryInSet, regradeLabel, removeLabel } from "@/lib/db/labels";
import { AppError } from "@/lib/errors";
import { labelSnapshot } from "@/lib/sets/label-history";
import type { LabelActor } from "./save-label";

/** A label as the URL names it: the set, the query in it, the label on that query. */
type LabelAddress = { setId: string; queryId: string; labelId: string };

/**
 * Loads a label for a change, in the change's transaction: the query must be in the set and the
 * label on the query (else not_found, whatever exists elsewhere), and the actor must own it or be
 * an adjudicator (mayChangeLabel; else forbidden).
 */
async function loadOwnedLabel(tx: Prisma.TransactionClient, options: LabelAddress & { actor: LabelActor }) {
  const query = await findQueryInSet(tx, options);
  const label = await findLabelInQuery(tx, { labelId: options.labelId, queryId: query.id });
  if (!label) throw new AppError("not_found", "That label is not on this query (it may have been deleted).");
  if (!mayChangeLabel(options.actor, label)) {
    throw new AppError(
      "forbidden",
      "This label is another annotator's: you can change and delete your own labels; an engineer or admin can change anyone's.",
    );
  }
  return { query, label };
}

/**
 * Changes a label's grade (its owner, or an adjudicator); the change goes into the history.
 * Answers the grade it had, so the workspace can undo the change.
 */
export function changeLabelGrade(
  prisma: Db,
  options: LabelAddress & { actor: LabelActor; grade: number },
): Promise<{ outcome: "updated" | "unchanged"; previousGrade: number }> {
  return prisma.$transaction(async (tx) => {
    const { query, label } = await loadOwnedLabel(tx, options);
    const previousGrade = label.grade;
    if (previousGrade === options.grade) return { outcome: "unchanged" as const, previousGrade };
    const event = { queryId: query.id, goldenSetId: query.goldenSetId, actor: options.actor };
    await regradeLabel(tx, { label, grade: options.grade, event });
    return { outcome: "updated" as const, previousGrade };
  });
}

/**
 * Deletes a label (its owner, or an adjudicator). The history keeps it whole (`before`), so an
 * admin can restore it (restore-label.ts).
 */
export function deleteLabel(prisma: Db, options: LabelAddress & { actor: LabelActor }): Promise<void> {
  return prisma.$transaction(async (tx) => {
    const { query, label } = await loadOwnedLabel(tx, options);
    await recordLabelEvents(tx, [
      {
        labelId: label.id,
        queryId: query.id,
        goldenSetId: query.goldenSetId,
        action: "deleted",
        actor: options.actor,
        before: labelSnapshot(label),
        after: null,
      },
    ]);
    await removeLabel(tx, label.id);
  });
}
