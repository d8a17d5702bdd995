import { createQuoteSelector } from "@/lib/anchor/create-quote-selector";
import { labelSpanKey } from "@/lib/anchor/label-span-key";
import type { Db, Prisma } from "@/lib/db/client";
import { findAcceptedSuggestions, recordLabelEvents } from "@/lib/db/label-events";
import {
  findLabelBySpan,
  getDocumentVersionText,
  insertLabel,
  loadLabelContext,
  regradeLabel,
} from "@/lib/db/labels";
import { isLostWriteRace } from "@/lib/db/prisma-errors";
import { AppError } from "@/lib/errors";
import { queryStatusAfterNewLabel } from "@/lib/labeling/query-status-after";
import { type LabelSuggestion, labelSnapshot } from "@/lib/sets/label-history";
import { type LabelView, labelView } from "./label-view";

/**
 * Who saves a label: it becomes their label (`annotatorId`), and the history names them. `name`
 * is what the answer's label view shows as its annotator (absent: none).
 */
export type LabelActor = { id: string; email: string; role: string; name?: string };

type Target = {
  setId: string;
  queryId: string;
  documentId: string;
  documentVersion: number;
  grade: number;
  /** The judge's suggestion the person accepted (history says so); absent for their own judgment. */
  suggestedBy?: LabelSuggestion;
};

/** What a saved label's quote judges; a document label has no quote. */
type Content = Pick<
  Prisma.LabelUncheckedCreateInput,
  "kind" | "exact" | "prefix" | "suffix" | "start" | "end" | "spanKey"
>;

export type SaveLabelResult = {
  labelId: string;
  /** created: a new label; updated: this annotator's label on the span got the new grade; unchanged: same grade. */
  outcome: "created" | "updated" | "unchanged";
  /** The grade the label had before this save; null for a created label (what an undo goes back to). */
  previousGrade: number | null;
  /** The saved label as the actor's workspace shows it on the document it was saved on. */
  label: LabelView;
  /** The query's status after the save (a first label moves an unlabeled query to in progress). */
  queryStatus: string;
};

/**
 * Saves the actor's quote label on text.slice(start, end) of the document's current version: the
 * exact quote, ~32 characters of context (widened until unique) and the position hint. A label is
 * unique per (query, document, span, annotator): saving a span this annotator already labeled
 * changes its grade instead of adding a row.
 */
export async function saveQuoteLabel(
  prisma: Db,
  options: Target & { actor: LabelActor; start: number; end: number },
): Promise<SaveLabelResult & { warning?: string }> {
  // The query, document and version are checked in saveLabel, before anything is written: a
  // quote on another corpus's document or an old version is refused there.
  const text = await getDocumentVersionText(prisma, {
    documentId: options.documentId,
    version: options.documentVersion,
  });
  if (text === null) throw new AppError("not_found", "That document is not in this set's corpus.");
  if (options.end <= options.start || options.end > text.length) {
    throw new AppError("bad_request", "The selection is outside the document.");
  }
  const selector = createQuoteSelector({ text, start: options.start, end: options.end });
  if (!selector.exact.trim()) throw new AppError("bad_request", "Select some text first.");
  const result = await saveLabel(
    prisma,
    { ...options, text },
    {
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
    },
  );
  return selector.occurrences > 1
    ? {
        ...result,
        warning: `This phrase occurs ${selector.occurrences}× in the document; the stored context was widened to tell them apart.`,
      }
    : result;
}

/** Saves the actor's document label (the whole document counts; no single phrase is the answer). */
export function saveDocumentLabel(
  prisma: Db,
  options: Target & { actor: LabelActor },
): Promise<SaveLabelResult> {
  return saveLabel(
    prisma,
    { ...options, text: null },
    { kind: "document", spanKey: labelSpanKey({ kind: "document" }) },
  );
}

const SAVE_ATTEMPTS = 8;

/** What one save transaction wrote: the label row as it is now, and the query's status after it. */
type Saved = {
  outcome: SaveLabelResult["outcome"];
  previousGrade: number | null;
  row: Prisma.LabelGetPayload<object>;
  externalId: string;
  queryStatus: string;
};

/**
 * Checks the query (in the set), the document (in its corpus) and the version (current), then
 * one transaction: find the actor's label on the span; change its grade or create it; record the
 * event. The checks are reads outside the transaction, which holds only the label's own
 * statements: saves in one process take turns (one connection, one transaction at a time), and
 * each statement in a transaction lets other requests run before the next, so under load every
 * statement more in it is a wait for every save queued behind it. The second of two saves finds
 * the first's row. Across connections the loser of a race fails on the unique index or on
 * SQLite's write lock, rolls back, and its next attempt finds the winner's row and updates it.
 * `text` is the saved-on version's text (null for a document label), to show the label on it.
 */
async function saveLabel(
  prisma: Db,
  options: Target & { actor: LabelActor; text: string | null },
  content: Content,
): Promise<SaveLabelResult> {
  const context = await loadLabelContext(prisma, options);
  for (let attempt = 1; ; attempt++) {
    let saved: Saved;
    try {
      saved = await prisma.$transaction((tx) => saveOnce(tx, { ...options, ...context }, content));
    } catch (error) {
      if (attempt >= SAVE_ATTEMPTS || !isLostWriteRace(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
      continue;
    }
    return answerSave(prisma, options, saved);
  }
}

/**
 * The save's answer with the label's view. A new label's judge is the one this save names; a
 * label that existed keeps the first judge its history credits (as the page shows it), which
 * costs one indexed read of its events.
 */
async function answerSave(
  prisma: Db,
  options: Target & { actor: LabelActor; text: string | null },
  saved: Saved,
): Promise<SaveLabelResult> {
  const { row, outcome, previousGrade, queryStatus } = saved;
  const suggestedBy =
    outcome === "created"
      ? options.suggestedBy?.judge
      : (await findAcceptedSuggestions(prisma, [row.id])).get(row.id);
  const label = labelView({
    label: {
      ...row,
      document: { externalId: saved.externalId },
      annotator: options.actor.name === undefined ? null : { name: options.actor.name },
    },
    viewer: options.actor,
    openDocument:
      options.text === null
        ? null
        : { id: options.documentId, version: options.documentVersion, text: options.text },
    suggestedBy,
  });
  return { labelId: row.id, outcome, previousGrade, label, queryStatus };
}

type LabelContext = Awaited<ReturnType<typeof loadLabelContext>>;

async function saveOnce(
  tx: Prisma.TransactionClient,
  options: Target & LabelContext & { actor: LabelActor },
  content: Content,
): Promise<Saved> {
  const { query, document, actor } = options;
  const event = { queryId: query.id, goldenSetId: query.goldenSetId, actor };
  const found = { externalId: document.externalId, queryStatus: query.status };
  const existing = await findLabelBySpan(tx, {
    queryId: query.id,
    documentId: options.documentId,
    spanKey: content.spanKey,
    annotatorId: actor.id,
  });
  if (existing) {
    const previousGrade = existing.grade;
    if (previousGrade === options.grade)
      return { ...found, row: existing, outcome: "unchanged", previousGrade };
    const updated = await regradeLabel(tx, {
      label: existing,
      grade: options.grade,
      event,
      suggestedBy: options.suggestedBy,
    });
    return { ...found, row: updated, outcome: "updated", previousGrade };
  }
  const created = await insertLabel(tx, {
    queryStatus: query.status,
    data: {
      ...content,
      queryId: query.id,
      documentId: options.documentId,
      documentVersion: options.documentVersion,
      grade: options.grade,
      annotatorId: actor.id,
    },
  });
  await recordLabelEvents(tx, [
    {
      ...event,
      labelId: created.id,
      action: "created",
      before: null,
      after: labelSnapshot(created, options.suggestedBy),
    },
  ]);
  const queryStatus = queryStatusAfterNewLabel(query.status);
  return { ...found, queryStatus, row: created, outcome: "created", previousGrade: null };
}
