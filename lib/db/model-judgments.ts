import type { QuoteSelector } from "@/lib/anchor/create-quote-selector";
import { labelSpanKey } from "@/lib/anchor/label-span-key";
import type { Db, DbOrTransaction, Prisma } from "@/lib/db/client";
import { loadExternalIds } from "@/lib/db/document-ids";
import { findInBatches } from "@/lib/db/find-in-batches";
import { JOB_TRANSACTION_OPTIONS } from "@/lib/db/jobs";
import { type LabelEventActor, recordLabelEvents } from "@/lib/db/label-events";
import { regradeLabel } from "@/lib/db/labels";
import type { JudgmentOrigin, ModelJudgmentStatus } from "@/lib/judging/model-judgment-status";
import { labelSnapshot } from "@/lib/sets/label-history";

// Data access for a judge's answers (ModelJudgment) and the labels supported ones become.

/** The columns a cached judgment is read back with (lookups by cache key). */
const cachedJudgmentSelect = {
  id: true,
  queryId: true,
  cacheKey: true,
  status: true,
  grade: true,
  quote: true,
  reason: true,
  raw: true,
} as const;

/** What a judge answered on one passage, as stored: the grade, its evidence, or the failure. */
type JudgmentAnswer = {
  status: ModelJudgmentStatus;
  grade: number | null;
  quote: string;
  reason: string;
  match: string | null;
  raw: string;
  error: string | null;
  origin: JudgmentOrigin;
};

export type ModelJudgmentView = JudgmentAnswer & {
  id: string;
  judgeId: string;
  queryId: string;
  queryKey: string;
  queryText: string;
  documentId: string;
  documentExternalId: string;
  start: number;
  end: number;
  wholeDocument: boolean;
  labelId: string | null;
  createdAt: Date;
};

/** A set's model judgments, newest first, optionally of one judge, query or status; one page. */
export async function listModelJudgments(
  prisma: Db,
  options: {
    setId: string;
    judgeId?: string;
    queryId?: string;
    status?: ModelJudgmentStatus;
    skip?: number;
    take?: number;
  },
): Promise<{ rows: ModelJudgmentView[]; total: number }> {
  const where: Prisma.ModelJudgmentWhereInput = {
    goldenSetId: options.setId,
    ...(options.judgeId ? { judgeId: options.judgeId } : {}),
    ...(options.queryId ? { queryId: options.queryId } : {}),
    ...(options.status ? { status: options.status } : {}),
  };
  const [total, judgments] = await Promise.all([
    prisma.modelJudgment.count({ where }),
    prisma.modelJudgment.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: options.skip ?? 0,
      take: options.take ?? 100,
      include: { query: { select: { key: true, text: true } } },
    }),
  ]);
  const externalIds = await loadExternalIds(prisma, [...new Set(judgments.map((row) => row.documentId))]);
  const rows = judgments.map(
    (row): ModelJudgmentView => ({
      id: row.id,
      judgeId: row.judgeId,
      queryId: row.queryId,
      queryKey: row.query.key,
      queryText: row.query.text,
      documentId: row.documentId,
      documentExternalId: externalIds.get(row.documentId) ?? "",
      start: row.start,
      end: row.end,
      wholeDocument: row.wholeDocument,
      status: row.status as ModelJudgmentStatus,
      grade: row.grade,
      quote: row.quote,
      reason: row.reason,
      match: row.match,
      raw: row.raw,
      error: row.error,
      labelId: row.labelId,
      origin: row.origin as JudgmentOrigin,
      createdAt: row.createdAt,
    }),
  );
  return { rows, total };
}

/** A stored answer, as the cache reuses it. */
export type CachedJudgment = {
  id: string;
  queryId: string;
  cacheKey: string;
  status: ModelJudgmentStatus;
  grade: number | null;
  quote: string;
  reason: string;
  raw: string;
};

/** This judge's answers (not failed) with these cache keys, for any query of any set. */
export async function findCachedJudgments(
  prisma: Db,
  options: { judgeId: string; cacheKeys: readonly string[] },
): Promise<CachedJudgment[]> {
  const keys = [...new Set(options.cacheKeys)];
  // a pool's cache keys can run to thousands, past a database's parameter limit
  const rows = await findInBatches(keys, (batch) =>
    prisma.modelJudgment.findMany({
      where: { judgeId: options.judgeId, cacheKey: { in: batch }, status: { not: "failed" } },
      orderBy: { createdAt: "asc" },
      select: cachedJudgmentSelect,
    }),
  );
  return rows.map((row) => ({ ...row, status: row.status as ModelJudgmentStatus }));
}

/** The label a judgment becomes: a quote at the located selector, or the whole document (grade 0). */
export type JudgmentLabel = { kind: "quote"; selector: QuoteSelector } | { kind: "document" };

export type NewModelJudgment = JudgmentAnswer & {
  judgeId: string;
  goldenSetId: string;
  queryId: string;
  documentId: string;
  documentVersion: number;
  start: number;
  end: number;
  wholeDocument: boolean;
  cacheKey: string;
  jobId: string | null;
  calls: number;
  promptTokens: number;
  completionTokens: number;
};

/**
 * Stores one answer (replacing a failed one of the same pair) and, when `label` is given, the
 * judge's label in the same transaction, with a "created" (or "updated") history event by the
 * model user. Query.status is left alone: a model label does not make a query labeled.
 * `beforeWrite` runs first in the transaction (a job checks its lease there).
 */
export async function recordModelJudgment(
  prisma: Db,
  options: {
    judgment: NewModelJudgment;
    label?: JudgmentLabel | undefined;
    annotator: { id: string; email: string };
    beforeWrite?: ((tx: DbOrTransaction) => Promise<void>) | undefined;
  },
): Promise<{ id: string; labelId: string | null }> {
  const { judgment } = options;
  return prisma.$transaction(async (tx) => {
    await options.beforeWrite?.(tx);
    const labelId =
      options.label && judgment.grade !== null
        ? await writeJudgeLabel(tx, { judgment, label: options.label, annotator: options.annotator })
        : null;
    const data = { ...judgment, labelId };
    const key = { judgeId: judgment.judgeId, queryId: judgment.queryId, cacheKey: judgment.cacheKey };
    const saved = await tx.modelJudgment.upsert({
      where: { judgeId_queryId_cacheKey: key },
      create: data,
      update: data,
      select: { id: true },
    });
    return { id: saved.id, labelId };
  }, JOB_TRANSACTION_OPTIONS);
}

/** The judge's label on the span: created, or — judged before by another version — regraded. */
async function writeJudgeLabel(
  tx: Prisma.TransactionClient,
  options: { judgment: NewModelJudgment; label: JudgmentLabel; annotator: { id: string; email: string } },
): Promise<string> {
  const { judgment, label, annotator } = options;
  const grade = judgment.grade ?? 0;
  const content =
    label.kind === "document"
      ? { kind: "document", spanKey: labelSpanKey({ kind: "document" }) }
      : {
          kind: "quote",
          ...label.selector,
          spanKey: labelSpanKey({
            kind: "quote",
            documentVersion: judgment.documentVersion,
            ...label.selector,
          }),
        };
  const actor: LabelEventActor = annotator;
  const event = { queryId: judgment.queryId, goldenSetId: judgment.goldenSetId, actor };
  const known = await tx.label.findFirst({
    where: {
      queryId: judgment.queryId,
      documentId: judgment.documentId,
      spanKey: content.spanKey,
      annotatorId: annotator.id,
      adjudicated: false,
    },
  });
  if (known) {
    if (known.grade === grade) return known.id;
    await regradeLabel(tx, { label: known, grade, event });
    return known.id;
  }
  const created = await tx.label.create({
    data: {
      queryId: judgment.queryId,
      documentId: judgment.documentId,
      documentVersion: judgment.documentVersion,
      grade,
      annotatorId: annotator.id,
      ...content,
    },
  });
  await recordLabelEvents(tx, [
    { ...event, labelId: created.id, action: "created", before: null, after: labelSnapshot(created) },
  ]);
  return created.id;
}

/** This judge's judgments of these queries, any status, by `${queryId}|${cacheKey}`. */
export async function findJudgmentStatuses(
  prisma: Db,
  options: { judgeId: string; queryIds: readonly string[] },
): Promise<Map<string, ModelJudgmentStatus>> {
  const rows = await findInBatches(options.queryIds, (batch) =>
    prisma.modelJudgment.findMany({
      where: { judgeId: options.judgeId, queryId: { in: batch } },
      select: { queryId: true, cacheKey: true, status: true },
    }),
  );
  return new Map(rows.map((row) => [`${row.queryId}|${row.cacheKey}`, row.status as ModelJudgmentStatus]));
}

/** This judge's judgments of one query with these cache keys (any status), with their ids. */
export async function findQueryJudgments(
  prisma: Db,
  options: { judgeId: string; queryId: string; cacheKeys: readonly string[] },
): Promise<(CachedJudgment & { error: string | null })[]> {
  const rows = await prisma.modelJudgment.findMany({
    where: { judgeId: options.judgeId, queryId: options.queryId, cacheKey: { in: [...options.cacheKeys] } },
    select: { ...cachedJudgmentSelect, error: true },
  });
  return rows.map((row) => ({ ...row, status: row.status as ModelJudgmentStatus }));
}
