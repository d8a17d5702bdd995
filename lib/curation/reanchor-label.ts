import { createQuoteSelector } from "@/lib/anchor/create-quote-selector";
import { labelSpanKey } from "@/lib/anchor/label-span-key";
import { mayChangeLabel } from "@/lib/auth/roles";
import type { Db } from "@/lib/db/client";
import { recordLabelEvents } from "@/lib/db/label-events";
import { findLabelHoldingSpan, updateLabelAnchor } from "@/lib/db/label-repair";
import { findLabel, findQueryInSet, getDocumentVersionText } from "@/lib/db/labels";
import { AppError } from "@/lib/errors";
import { labelSnapshot } from "@/lib/sets/label-history";
import type { LabelActor } from "./save-label";

/**
 * Re-anchors a quote label on its document's current version, at text.slice(start, end) of the
 * version the person looked at (`documentVersion`, which must still be current: else conflict):
 * new quote, context (widened until unique), position, version and span key, in one transaction
 * with an "updated" event holding the label before and after. Its owner or an adjudicator only
 * (mayChangeLabel); not_found for a label outside the set. The grade and annotator are kept.
 */
export function reanchorLabel(
  prisma: Db,
  options: {
    setId: string;
    labelId: string;
    documentVersion: number;
    start: number;
    end: number;
    actor: LabelActor;
  },
): Promise<{ labelId: string; documentVersion: number; start: number; end: number }> {
  return prisma.$transaction(async (tx) => {
    const label = await findLabel(tx, options.labelId);
    if (!label) throw new AppError("not_found", "That label is not in this set (it may have been deleted).");
    const query = await findQueryInSet(tx, { setId: options.setId, queryId: label.queryId });
    if (!mayChangeLabel(options.actor, label)) {
      throw new AppError(
        "forbidden",
        "This label is another annotator's: you can repair your own labels; an engineer or admin can repair anyone's.",
      );
    }
    if (label.kind !== "quote")
      throw new AppError("bad_request", "A document label has no quote to re-anchor.");
    const document = await tx.document.findUniqueOrThrow({ where: { id: label.documentId } });
    if (document.version !== options.documentVersion) {
      throw new AppError(
        "conflict",
        `The document changed again (now version ${document.version}); reload the queue and choose again.`,
      );
    }
    const text = await getDocumentVersionText(tx, { documentId: document.id, version: document.version });
    if (text === null || options.end <= options.start || options.start < 0 || options.end > text.length) {
      throw new AppError("bad_request", "The chosen span is outside the document.");
    }
    const selector = createQuoteSelector({ text, start: options.start, end: options.end });
    const spanKey = labelSpanKey({ kind: "quote", documentVersion: document.version, ...selector });
    const holder = await findLabelHoldingSpan(tx, {
      labelId: label.id,
      queryId: label.queryId,
      documentId: label.documentId,
      spanKey,
      annotatorId: label.annotatorId,
      adjudicated: label.adjudicated,
    });
    if (holder) {
      throw new AppError(
        "conflict",
        `The same annotator already labeled that span (grade ${holder.grade}): drop this label instead.`,
      );
    }
    const updated = await updateLabelAnchor(tx, {
      labelId: label.id,
      documentVersion: document.version,
      exact: selector.exact,
      prefix: selector.prefix,
      suffix: selector.suffix,
      start: selector.start,
      end: selector.end,
      spanKey,
    });
    await recordLabelEvents(tx, [
      {
        labelId: label.id,
        queryId: query.id,
        goldenSetId: query.goldenSetId,
        action: "updated",
        actor: options.actor,
        before: labelSnapshot(label),
        after: labelSnapshot(updated),
      },
    ]);
    return { labelId: label.id, documentVersion: document.version, start: selector.start, end: selector.end };
  });
}
