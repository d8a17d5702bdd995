import { labelSpanKey } from "@/lib/anchor/label-span-key";
import { can } from "@/lib/auth/roles";
import { findCorpusDocument, listAdjudicatedLabels } from "@/lib/db/agreement";
import type { Db, Prisma } from "@/lib/db/client";
import { type NewLabelEvent, recordLabelEvents } from "@/lib/db/label-events";
import {
  findLabelInQuery,
  findQueryInSet,
  insertLabel,
  removeLabel,
  updateLabelGrade,
} from "@/lib/db/labels";
import { AppError } from "@/lib/errors";
import { labelSnapshot } from "@/lib/sets/label-history";
import { gradeScaleSchema } from "@/lib/sets/set-schema";
import type { LabelActor } from "./save-label";

/** A (query, document) pair of a set, as the disagreement view names it. */
type Pair = { setId: string; queryId: string; documentId: string };

export type AdjudicationResult = {
  labelId: string;
  outcome: "created" | "updated" | "unchanged";
  /** Earlier decisions on the pair that this one replaced (deleted, kept in the history). */
  replaced: number;
};

/**
 * Records an adjudicator's deciding judgment on a (query, document) pair: an adjudicated label
 * (annotatorId = the adjudicator, adjudicated = true) — the whole document with a grade, or, with
 * `adoptLabelId`, an annotator's quote on that document adopted with a grade. Where a pair has an
 * adjudicated label only adjudicated labels count in evaluation (lib/eval/count-judgments.ts).
 * A pair has one decision: recording another replaces the earlier adjudicated labels, each change
 * in the label history (created / updated / deleted), in one transaction. Adjudicators are the
 * roles with the `adjudicate` permission; the grade must be on the set's scale.
 */
export async function saveAdjudicatedLabel(
  prisma: Db,
  options: Pair & { actor: LabelActor; grade: number; adoptLabelId?: string | null },
): Promise<AdjudicationResult> {
  refuseNonAdjudicator(options.actor);
  return prisma.$transaction(async (tx) => {
    const query = await findQueryInSet(tx, options);
    const scale = gradeScaleSchema.parse(query.goldenSet.gradeScale);
    if (!scale.some((level) => level.grade === options.grade)) {
      throw new AppError(
        "bad_request",
        `Grade ${options.grade} is not on this set's scale (${scale.map((level) => level.grade).join(", ")}).`,
        { path: ["grade"] },
      );
    }
    const document = await findCorpusDocument(tx, {
      corpusId: query.goldenSet.corpusId,
      documentId: options.documentId,
    });
    const content = options.adoptLabelId
      ? await adoptedQuote(tx, { queryId: query.id, documentId: document.id, labelId: options.adoptLabelId })
      : { kind: "document", documentVersion: document.version, spanKey: labelSpanKey({ kind: "document" }) };
    const event = { queryId: query.id, goldenSetId: query.goldenSetId, actor: options.actor };
    const earlier = await listAdjudicatedLabels(tx, { queryId: query.id, documentId: document.id });
    const same = earlier.find(
      (label) => label.spanKey === content.spanKey && label.annotatorId === options.actor.id,
    );
    const events: NewLabelEvent[] = [];
    for (const label of earlier.filter((candidate) => candidate !== same)) {
      events.push({
        ...event,
        labelId: label.id,
        action: "deleted",
        before: labelSnapshot(label),
        after: null,
      });
      await removeLabel(tx, label.id);
    }
    let result: AdjudicationResult;
    if (same && same.grade === options.grade) {
      result = { labelId: same.id, outcome: "unchanged", replaced: events.length };
    } else if (same) {
      const updated = await updateLabelGrade(tx, { labelId: same.id, grade: options.grade });
      events.push({
        ...event,
        labelId: same.id,
        action: "updated",
        before: labelSnapshot(same),
        after: labelSnapshot(updated),
      });
      result = { labelId: same.id, outcome: "updated", replaced: events.length - 1 };
    } else {
      const created = await insertLabel(tx, {
        queryStatus: query.status,
        data: {
          ...content,
          queryId: query.id,
          documentId: document.id,
          grade: options.grade,
          annotatorId: options.actor.id,
          adjudicated: true,
        },
      });
      events.push({
        ...event,
        labelId: created.id,
        action: "created",
        before: null,
        after: labelSnapshot(created),
      });
      result = { labelId: created.id, outcome: "created", replaced: events.length - 1 };
    }
    await recordLabelEvents(tx, events);
    return result;
  });
}

/**
 * Withdraws the decision on a pair: its adjudicated labels are deleted (kept in the history), so
 * the set's judgment policy decides the pair again. Returns how many labels were removed.
 */
export async function clearAdjudication(prisma: Db, options: Pair & { actor: LabelActor }): Promise<number> {
  refuseNonAdjudicator(options.actor);
  return prisma.$transaction(async (tx) => {
    const query = await findQueryInSet(tx, options);
    const labels = await listAdjudicatedLabels(tx, { queryId: query.id, documentId: options.documentId });
    await recordLabelEvents(
      tx,
      labels.map((label) => ({
        labelId: label.id,
        queryId: query.id,
        goldenSetId: query.goldenSetId,
        action: "deleted" as const,
        actor: options.actor,
        before: labelSnapshot(label),
        after: null,
      })),
    );
    for (const label of labels) await removeLabel(tx, label.id);
    return labels.length;
  });
}

function refuseNonAdjudicator(actor: LabelActor): void {
  if (!can(actor.role, "adjudicate")) {
    throw new AppError("forbidden", "Only an engineer or admin can decide between annotators' judgments.");
  }
}

/** The quote of an annotator's label on the pair, to be adopted as the decision. */
async function adoptedQuote(
  tx: Prisma.TransactionClient,
  options: { queryId: string; documentId: string; labelId: string },
) {
  const label = await findLabelInQuery(tx, { labelId: options.labelId, queryId: options.queryId });
  if (!label || label.documentId !== options.documentId || label.adjudicated) {
    throw new AppError(
      "not_found",
      "That annotator's label is no longer on this document (it may have been deleted).",
    );
  }
  if (label.kind !== "quote") {
    throw new AppError(
      "bad_request",
      "That label judges the whole document: decide on the document instead.",
    );
  }
  return {
    kind: "quote",
    documentVersion: label.documentVersion,
    exact: label.exact,
    prefix: label.prefix,
    suffix: label.suffix,
    start: label.start,
    end: label.end,
    spanKey: label.spanKey,
  };
}
