import { createQuoteSelector, type QuoteSelector } from "@/lib/anchor/create-quote-selector";
import type { JudgingDocument, JudgingQuery } from "@/lib/db/judging-data";
import type { CachedJudgment, JudgmentLabel, NewModelJudgment } from "@/lib/db/model-judgments";
import { checkJudgeEvidence, type JudgeEvidence } from "@/lib/judging/check-judge-evidence";
import { judgeCacheKey } from "@/lib/judging/judge-cache-key";
import { judgedSpan, type PassageVerdict } from "@/lib/judging/judge-passage";
import type { JudgmentOrigin } from "@/lib/judging/model-judgment-status";

/** One passage to judge for one query: the judged span of the document and its cache key. */
export type PassageTask = {
  query: JudgingQuery;
  document: JudgingDocument;
  span: { start: number; end: number };
  wholeDocument: boolean;
  cacheKey: string;
};

export function buildPassageTask(options: {
  judgeId: string;
  query: JudgingQuery;
  document: JudgingDocument;
  start: number;
  end: number;
  wholeDocument: boolean;
}): PassageTask {
  const { document } = options;
  const span = judgedSpan({
    textLength: document.text.length,
    start: options.start,
    end: options.end,
    wholeDocument: options.wholeDocument,
  });
  const cacheKey = judgeCacheKey({
    judgeVersionId: options.judgeId,
    queryText: options.query.text,
    passageText: document.text.slice(span.start, span.end),
  });
  return { query: options.query, document, span, wholeDocument: options.wholeDocument, cacheKey };
}

/** Who and where a judgment is stored for. */
export type RecordContext = { judgeId: string; setId: string; origin: JudgmentOrigin; jobId: string | null };

type Answer = { grade: number; quote: string; reason: string; raw: string; evidence: JudgeEvidence };
type Usage = { calls: number; promptTokens: number; completionTokens: number };

function baseJudgment(task: PassageTask, context: RecordContext, usage: Usage) {
  return {
    judgeId: context.judgeId,
    goldenSetId: context.setId,
    queryId: task.query.id,
    documentId: task.document.id,
    documentVersion: task.document.version,
    start: task.span.start,
    end: task.span.end,
    wholeDocument: task.wholeDocument,
    cacheKey: task.cacheKey,
    origin: context.origin,
    jobId: context.jobId,
    calls: usage.calls,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
  };
}

/** The stored judgment of a usable answer, and the label it becomes (none when unsupported). */
export function judgmentOfAnswer(
  task: PassageTask,
  context: RecordContext,
  answer: Answer & Usage,
): { judgment: NewModelJudgment; label: JudgmentLabel | undefined; selector: QuoteSelector | null } {
  const { evidence } = answer;
  const judgment: NewModelJudgment = {
    ...baseJudgment(task, context, answer),
    status: evidence.status,
    grade: answer.grade,
    quote: answer.quote,
    reason: answer.reason,
    match: evidence.status === "supported" ? evidence.match : null,
    raw: answer.raw,
    error: null,
  };
  if (evidence.status === "supported")
    return { judgment, label: { kind: "quote", selector: evidence.selector }, selector: evidence.selector };
  if (evidence.status === "unsupported") return { judgment, label: undefined, selector: null };
  // Grade 0: the document, for a document-level pair; else the whole passage as the quote.
  if (task.wholeDocument) return { judgment, label: { kind: "document" }, selector: null };
  const selector = passageSelector(task);
  return { judgment, label: selector ? { kind: "quote", selector } : undefined, selector };
}

function passageSelector(task: PassageTask): QuoteSelector | null {
  const text = task.document.text;
  if (text.slice(task.span.start, task.span.end).trim() === "") return null;
  const built = createQuoteSelector({ text, start: task.span.start, end: task.span.end });
  return {
    exact: built.exact,
    prefix: built.prefix,
    suffix: built.suffix,
    start: built.start,
    end: built.end,
  };
}

/** A failed passage: no usable answer, the raw one kept. */
export function judgmentOfFailure(
  task: PassageTask,
  context: RecordContext,
  verdict: Extract<PassageVerdict, { kind: "failed" }>,
): NewModelJudgment {
  return {
    ...baseJudgment(task, context, verdict),
    status: "failed",
    grade: null,
    quote: "",
    reason: "",
    match: null,
    raw: verdict.raw,
    error: verdict.error,
  };
}

/**
 * A cached answer (the same judge, query text and passage text, judged for another query) for
 * this passage: the stored grade and quote, the quote checked again in this document.
 */
export function answerOfCached(task: PassageTask, cached: CachedJudgment): Answer {
  const grade = cached.grade ?? 0;
  const evidence = checkJudgeEvidence({
    text: task.document.text,
    passage: task.span,
    grade,
    quote: cached.quote,
  });
  return { grade, quote: cached.quote, reason: cached.reason, raw: cached.raw, evidence };
}
