import type { Db, DbOrTransaction } from "@/lib/db/client";
import {
  type CachedJudgment,
  findCachedJudgments,
  type JudgmentLabel,
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
type LoopStop = "cancelled" | "budget" | { fatal: ChatClientError } | { error: unknown };

export type LoopResult = {
  stop: LoopStop | null;
  /** Passages sent in this go, and how many of them failed for a passing reason (429, 5xx, timeout…). */
  asked: number;
  transientFailures: number;
  lastFailure: string | null;
};

/** How often the runner looks for a cancel request. */
const CANCEL_POLL_MS = 1_000;

export type JudgeItemsOptions = {
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
};

/**
 * Judges the items with `concurrency` passages in flight. Each passage is skipped when judged
 * already for its query, copied from the cache when another query with the same texts had it
 * judged, else asked. Each answer is stored with its label in one transaction (`beforeWrite`
 * checks the job's lease there); writes are one at a time. Stops — in-flight passages finishing —
 * at the budget; at once (requests in flight aborted) on a cancel request, polled every second,
 * on a failure every passage would share, or on a lost lease.
 */
export async function judgeItems(options: JudgeItemsOptions): Promise<LoopResult> {
  return new JudgingLoop(options).run();
}

class JudgingLoop {
  private readonly cancel = new AbortController();
  private readonly result: LoopResult = { stop: null, asked: 0, transientFailures: 0, lastFailure: null };
  private readonly inFlight = new Map<string, Promise<void>>();
  private writes: Promise<unknown> = Promise.resolve();
  private next = 0;

  constructor(private readonly options: JudgeItemsOptions) {}

  async run(): Promise<LoopResult> {
    if (await this.options.cancelRequested()) return { ...this.result, stop: "cancelled" };
    const poll = setInterval(() => {
      this.options
        .cancelRequested()
        .then((requested) => requested && this.stopWith("cancelled"))
        .catch(() => undefined);
    }, CANCEL_POLL_MS);
    try {
      const lanes = Array.from({ length: Math.max(1, this.options.concurrency) }, () => this.lane());
      await Promise.all(lanes);
    } finally {
      clearInterval(poll);
    }
    await this.writes;
    return this.result;
  }

  private stopWith(stop: LoopStop): void {
    if (this.result.stop === null) this.result.stop = stop;
    if (stop !== "budget") this.cancel.abort();
  }

  private async lane(): Promise<void> {
    while (this.result.stop === null && this.next < this.options.items.length) {
      const item = this.options.items[this.next++]!;
      try {
        await this.judgeOne(item);
        await this.options.onSettled();
      } catch (error) {
        return this.stopWith({ error });
      }
    }
  }

  private async judgeOne(item: LoopItem): Promise<void> {
    const known = this.options.statuses.get(item.passageKey);
    if (known !== undefined && known !== "failed") return;
    const cached = this.options.cached.get(item.task.cacheKey);
    if (cached) return this.reuse(item, cached);
    const pending = this.inFlight.get(item.task.cacheKey);
    if (pending) {
      // The same texts for another query in this job: wait for that answer and copy it.
      await pending;
      const [answered] = await findCachedJudgments(this.options.prisma, {
        judgeId: this.options.context.judgeId,
        cacheKeys: [item.task.cacheKey],
      });
      if (answered) return this.reuse(item, answered);
    }
    const asking = this.ask(item);
    this.inFlight.set(
      item.task.cacheKey,
      asking.catch(() => undefined),
    );
    return asking;
  }

  /** Stores one answer (and its label, for a job) after the writes before it. */
  private record(judgment: NewModelJudgment, label?: JudgmentLabel): Promise<unknown> {
    const { prisma, annotator, beforeWrite, labels } = this.options;
    const write = this.writes.then(() =>
      recordModelJudgment(prisma, { judgment, label: labels ? label : undefined, annotator, beforeWrite }),
    );
    this.writes = write.catch(() => undefined);
    return write;
  }

  private async reuse(item: LoopItem, cached: CachedJudgment): Promise<void> {
    const answer = answerOfCached(item.task, cached);
    const usage = { calls: 0, promptTokens: 0, completionTokens: 0 };
    const { judgment, label } = judgmentOfAnswer(item.task, this.options.context, { ...answer, ...usage });
    await this.record(judgment, label);
    this.options.tally.setStatus(item.passageKey, judgment.status);
  }

  private async ask(item: LoopItem): Promise<void> {
    const { budget, tally, context } = this.options;
    if (budget.exhausted()) return this.stopWith("budget");
    const passage = new AbortController();
    const signal = AbortSignal.any([passage.signal, this.cancel.signal]);
    tally.markSent(item.pairKey);
    this.result.asked++;
    try {
      const question = questionOf(item.task, this.options.scale);
      const verdict = await budget.withinPassage(passage, () =>
        judgePassage({ client: this.options.client, question, signal }),
      );
      tally.addTokens(verdict);
      if (verdict.kind === "failed") {
        if (verdict.reason !== "unusable-answer") {
          this.result.transientFailures++;
          this.result.lastFailure = verdict.error;
        }
        await this.record(judgmentOfFailure(item.task, context, verdict));
        tally.setStatus(item.passageKey, "failed");
        return;
      }
      const { judgment, label } = judgmentOfAnswer(item.task, context, verdict);
      await this.record(judgment, label);
      tally.setStatus(item.passageKey, judgment.status);
    } catch (error) {
      if (!(error instanceof ChatClientError)) throw error;
      if (error.reason !== "cancelled") return this.stopWith({ fatal: error });
      // Refused by the budget (or aborted by a cancel): nothing is stored; a later go asks again.
      if (budget.exhausted() && !this.cancel.signal.aborted) this.stopWith("budget");
    }
  }
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
