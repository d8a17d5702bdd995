import type { Db, DbOrTransaction } from "@/lib/db/client";
import {
  type CachedJudgment,
  findCachedJudgments,
  type NewModelJudgment,
  recordModelJudgment,
} from "@/lib/db/model-judgments";
import type { CallBudget } from "@/lib/judging/call-budget";
import { type ChatClient, ChatClientError } from "@/lib/judging/chat-client";
import { judgePassage } from "@/lib/judging/judge-passage";
import type { JudgingTally } from "@/lib/judging/judging-tally";
import {
  answerOfCached,
  judgmentOfAnswer,
  judgmentOfFailure,
  type PassageTask,
  type RecordContext,
} from "@/lib/judging-runs/judging-run-record";
import type { GradeScale } from "@/lib/sets/set-schema";

/** A passage of the pool with the pair it belongs to. */
export type LoopItem = { task: PassageTask; pairKey: string; passageKey: string };

/** Why the loop stopped before the end, if it did. */
export type LoopStop = "cancelled" | "budget" | { fatal: ChatClientError } | { error: unknown };

export type LoopResult = {
  stop: LoopStop | null;
  /** Passages sent in this go, and how many of them failed for a passing reason (429, 5xx, timeout…). */
  asked: number;
  transientFailures: number;
  lastFailure: string | null;
};

/** How often the runner looks for a cancel request; one aborts the requests in flight. */
const CANCEL_POLL_MS = 1_000;

/**
 * Judges the items with `concurrency` passages in flight. Each passage is skipped when judged
 * already for its query, copied from the cache when another query with the same text had it
 * judged, else asked (the cancel request is polled every second). Each answer is stored with its label in one transaction (`beforeWrite`
 * checks the job's lease there); writes are one at a time. Stops — in-flight passages finishing —
 * on a cancel request, the budget, a failure every passage would share, or a lost lease.
 */
export async function judgeItems(options: {
  prisma: Db;
  items: readonly LoopItem[];
  client: ChatClient;
  budget: CallBudget;
  scale: GradeScale;
  concurrency: number;
  context: RecordContext;
  annotator: { id: string; email: string };
  /** False for workspace suggestions: answers are stored, but become no label. */
  labels: boolean;
  tally: JudgingTally;
  statuses: ReadonlyMap<string, string>;
  cached: ReadonlyMap<string, CachedJudgment>;
  cancelRequested: () => Promise<boolean>;
  beforeWrite?: ((tx: DbOrTransaction) => Promise<void>) | undefined;
  onSettled: () => Promise<void>;
}): Promise<LoopResult> {
  const cancel = new AbortController();
  const result: LoopResult = { stop: null, asked: 0, transientFailures: 0, lastFailure: null };
  const inFlight = new Map<string, Promise<void>>();
  let writes: Promise<unknown> = Promise.resolve();
  let next = 0;
  const stopWith = (stop: LoopStop) => {
    if (result.stop === null) result.stop = stop;
    if (stop !== "budget") cancel.abort();
  };
  const record = (judgment: NewModelJudgment, label?: Parameters<typeof recordModelJudgment>[1]["label"]) => {
    const write = writes.then(() =>
      recordModelJudgment(options.prisma, {
        judgment,
        label,
        annotator: options.annotator,
        beforeWrite: options.beforeWrite,
      }),
    );
    writes = write.catch(() => undefined);
    return write;
  };

  async function reuse(item: LoopItem, cached: CachedJudgment): Promise<void> {
    const answer = answerOfCached(item.task, cached);
    const usage = { calls: 0, promptTokens: 0, completionTokens: 0 };
    const { judgment, label } = judgmentOfAnswer(item.task, options.context, { ...answer, ...usage });
    await record(judgment, options.labels ? label : undefined);
    options.tally.setStatus(item.passageKey, judgment.status);
  }

  async function ask(item: LoopItem): Promise<void> {
    if (options.budget.exhausted()) return stopWith("budget");
    const passage = new AbortController();
    const signal = AbortSignal.any([passage.signal, cancel.signal]);
    options.tally.markSent(item.pairKey);
    result.asked++;
    try {
      const verdict = await options.budget.withinPassage(passage, () =>
        judgePassage({ client: options.client, question: questionOf(item.task, options.scale), signal }),
      );
      options.tally.addTokens(verdict);
      if (verdict.kind === "failed") {
        if (verdict.reason !== "unusable-answer") {
          result.transientFailures++;
          result.lastFailure = verdict.error;
        }
        await record(judgmentOfFailure(item.task, options.context, verdict));
        options.tally.setStatus(item.passageKey, "failed");
        return;
      }
      const { judgment, label } = judgmentOfAnswer(item.task, options.context, verdict);
      await record(judgment, options.labels ? label : undefined);
      options.tally.setStatus(item.passageKey, judgment.status);
    } catch (error) {
      if (error instanceof ChatClientError && error.reason === "cancelled") {
        if (options.budget.exhausted() && !cancel.signal.aborted) stopWith("budget");
        return;
      }
      if (error instanceof ChatClientError) return stopWith({ fatal: error });
      throw error;
    }
  }

  async function judgeOne(item: LoopItem): Promise<void> {
    const known = options.statuses.get(item.passageKey);
    if (known !== undefined && known !== "failed") return;
    const cached = options.cached.get(item.task.cacheKey);
    if (cached) return reuse(item, cached);
    const pending = inFlight.get(item.task.cacheKey);
    if (pending) {
      // The same texts for another query in this job: wait for that answer and copy it.
      await pending;
      const [answered] = await findCachedJudgments(options.prisma, {
        judgeId: options.context.judgeId,
        cacheKeys: [item.task.cacheKey],
      });
      if (answered) return reuse(item, answered);
    }
    const asking = ask(item);
    inFlight.set(
      item.task.cacheKey,
      asking.catch(() => undefined),
    );
    return asking;
  }

  async function lane(): Promise<void> {
    while (result.stop === null && next < options.items.length) {
      const item = options.items[next++]!;
      try {
        await judgeOne(item);
      } catch (error) {
        return stopWith({ error });
      }
      await options.onSettled().catch((error: unknown) => stopWith({ error }));
    }
  }

  if (await options.cancelRequested()) return { ...result, stop: "cancelled" };
  const poll = setInterval(() => {
    options
      .cancelRequested()
      .then((requested) => requested && stopWith("cancelled"))
      .catch(() => undefined);
  }, CANCEL_POLL_MS);
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, lane));
  } finally {
    clearInterval(poll);
  }
  await writes;
  return result;
}

function questionOf(task: PassageTask, scale: GradeScale) {
  return {
    scale,
    query: task.query.text,
    need: task.query.informationNeed,
    title: task.document.title,
    text: task.document.text,
    span: task.span,
  };
}
