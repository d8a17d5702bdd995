import type { QuoteSelector } from "@/lib/anchor/create-quote-selector";
import type { Db } from "@/lib/db/client";
import { getJudge } from "@/lib/db/judges";
import { loadJudgingDocuments, loadJudgingQuery } from "@/lib/db/judging-data";
import { findCachedJudgments, findJudgmentStatuses, findQueryJudgments } from "@/lib/db/model-judgments";
import { AppError } from "@/lib/errors";
import { createCallBudget } from "@/lib/judging/call-budget";
import {
  createJudgeClient,
  type JudgingServices,
  judgingServicesFromEnv,
} from "@/lib/judging/judging-services";
import { createJudgingTally } from "@/lib/judging/judging-tally";
import { modelAnnotatorName } from "@/lib/judging/model-annotator";
import type { ModelJudgmentStatus } from "@/lib/judging/model-judgment-status";
import { judgeItems, type LoopItem } from "@/lib/judging-runs/judging-run-loop";
import { answerOfCached, buildPassageTask } from "@/lib/judging-runs/judging-run-record";
import { fatalMessage } from "@/lib/judging-runs/run-judging";

/** The most passages one "ask the judge" sends: what a workspace shows of a query at once. */
const MAX_ASKED_PASSAGES = 20;

/**
 * What the judge suggests for one passage of the open query. `selector` is where its quote lies
 * (supported only): the quote label a person may accept. `cached`: no request was needed.
 */
export type JudgeSuggestion = {
  judgmentId: string;
  documentId: string;
  start: number;
  end: number;
  status: ModelJudgmentStatus;
  grade: number | null;
  quote: string;
  /** The judge's sentence; for a failed passage, why it failed. */
  reason: string;
  selector: QuoteSelector | null;
  cached: boolean;
};

/**
 * Asks a judge, now, about up to MAX_ASKED_PASSAGES passages of one query (the workspace's "ask
 * the judge"), with the judge's concurrency; passages judged before (by this judge version, for
 * any query with the same texts) send nothing. The answers are stored (origin "workspace") but
 * become no label: a suggestion is a person's label only once they accept it. No budget applies.
 */
export async function askJudge(
  prisma: Db,
  options: {
    judgeId: string;
    queryId: string;
    passages: { documentId: string; start: number; end: number }[];
    services?: JudgingServices | undefined;
  },
): Promise<JudgeSuggestion[]> {
  if (options.passages.length === 0)
    throw new AppError("bad_request", "passages: choose at least one passage.");
  if (options.passages.length > MAX_ASKED_PASSAGES)
    throw new AppError("bad_request", `passages: ask about at most ${MAX_ASKED_PASSAGES} passages at once.`);
  const services = options.services ?? judgingServicesFromEnv();
  const judge = await getJudge(prisma, options.judgeId);
  if (judge.archivedAt) throw new AppError("bad_request", "judgeId: that judge is archived; choose another.");
  const { set, query } = await loadJudgingQuery(prisma, options.queryId);
  const items = await askedItems(prisma, { judgeId: judge.id, set, query, passages: options.passages });
  const statuses = await findJudgmentStatuses(prisma, { judgeId: judge.id, queryIds: [query.id] });
  const cached = await findCachedJudgments(prisma, {
    judgeId: judge.id,
    cacheKeys: items.map((item) => item.task.cacheKey),
  });
  const tally = createJudgingTally({
    pairs: items.map((item) => ({ key: item.pairKey, passageKeys: [item.passageKey] })),
    statuses,
    before: { calls: 0, promptTokens: 0, completionTokens: 0 },
  });
  const budget = createCallBudget({ fetch: services.fetch });
  const loop = await judgeItems({
    prisma,
    items,
    client: createJudgeClient({ settings: judge.settings, services, fetch: budget.fetch }),
    budget,
    scale: set.scale,
    concurrency: judge.settings.concurrency,
    context: { judgeId: judge.id, setId: set.id, origin: "workspace", jobId: null },
    annotator: { id: judge.annotatorId, email: modelAnnotatorName(judge.name) },
    labels: false,
    tally,
    statuses,
    cached: new Map(cached.map((row) => [row.cacheKey, row])),
    cancelRequested: async () => false,
    onSettled: async () => {},
  });
  if (loop.stop !== null && typeof loop.stop === "object") {
    if ("error" in loop.stop) throw loop.stop.error;
    throw new AppError(loop.stop.fatal.code, fatalMessage(loop.stop.fatal, judge));
  }
  const rows = await findQueryJudgments(prisma, {
    judgeId: judge.id,
    queryId: query.id,
    cacheKeys: items.map((item) => item.task.cacheKey),
  });
  return toSuggestions({ items, rows, sent: (item) => tally.wasSent(item.pairKey) });
}

/** The passages as judging items, each checked: in the set's corpus, a span inside its document. */
async function askedItems(
  prisma: Db,
  options: {
    judgeId: string;
    set: { corpusId: string };
    query: Parameters<typeof buildPassageTask>[0]["query"];
    passages: { documentId: string; start: number; end: number }[];
  },
): Promise<LoopItem[]> {
  const { query } = options;
  const documentIds = [...new Set(options.passages.map((passage) => passage.documentId))];
  const documents = await loadJudgingDocuments(prisma, documentIds);
  return options.passages.map((passage, index): LoopItem => {
    const document = documents.get(passage.documentId);
    if (!document || document.corpusId !== options.set.corpusId)
      throw new AppError("not_found", `passages[${index}]: that document is not in this set's corpus.`);
    if (passage.end <= passage.start || passage.start < 0 || passage.end > document.text.length)
      throw new AppError("bad_request", `passages[${index}]: the span is outside the document.`);
    const task = buildPassageTask({
      judgeId: options.judgeId,
      query,
      document,
      ...passage,
      wholeDocument: false,
    });
    const passageKey = `${query.id}|${task.cacheKey}`;
    return { task, pairKey: passageKey, passageKey };
  });
}

function toSuggestions(options: {
  items: readonly LoopItem[];
  rows: Awaited<ReturnType<typeof findQueryJudgments>>;
  sent: (item: LoopItem) => boolean;
}): JudgeSuggestion[] {
  const byKey = new Map(options.rows.map((row) => [row.cacheKey, row]));
  return options.items.flatMap((item): JudgeSuggestion[] => {
    const row = byKey.get(item.task.cacheKey);
    if (!row) return [];
    const evidence = row.status === "failed" ? null : answerOfCached(item.task, row).evidence;
    return [
      {
        judgmentId: row.id,
        documentId: item.task.document.id,
        start: item.task.span.start,
        end: item.task.span.end,
        status: row.status,
        grade: row.grade,
        quote: row.quote,
        reason: row.status === "failed" ? (row.error ?? "no usable answer") : row.reason,
        selector: evidence?.status === "supported" ? evidence.selector : null,
        cached: !options.sent(item),
      },
    ];
  });
}
