import type { Db, Prisma } from "@/lib/db/client";
import { assertJobLeaseHeld, reportJobResult } from "@/lib/db/jobs";
import { getJudge, type JudgeRow } from "@/lib/db/judges";
import { loadJudgingDocuments, loadJudgingSet } from "@/lib/db/judging-data";
import { findCachedJudgments, findJudgmentStatuses } from "@/lib/db/model-judgments";
import { AppError } from "@/lib/errors";
import { type JobLease, JobLeaseLostError } from "@/lib/jobs/job-lease";
import { jobPayloadSchemas } from "@/lib/jobs/job-schema";
import { createCallBudget } from "@/lib/judging/call-budget";
import type { ChatClientError } from "@/lib/judging/chat-client";
import {
  formatJudgingProgress,
  type JudgingFigures,
  readJudgingFigures,
} from "@/lib/judging/judging-figures";
import {
  createJudgeClient,
  type JudgingServices,
  judgingServicesFromEnv,
} from "@/lib/judging/judging-services";
import { createJudgingTally, type TallyPair } from "@/lib/judging/judging-tally";
import { modelAnnotatorName } from "@/lib/judging/model-annotator";
import { judgeItems, type LoopItem, type LoopResult } from "@/lib/judging-runs/judging-run-loop";
import { loadJudgingPool } from "@/lib/judging-runs/judging-run-pool";
import { buildPassageTask } from "@/lib/judging-runs/judging-run-record";

type Progress = (fraction: number, message: string) => Promise<void>;

export type JudgingOutcome = {
  figures: JudgingFigures;
  /** How the job ends: a budget pauses it (resumable), a cancel request cancels it. */
  status: "succeeded" | "paused" | "cancelled";
  message: string;
};

/** Which job to run; without `services`, the environment's; with a `lease`, as the worker runs it. */
type JudgingJobOptions = {
  jobId: string;
  services?: JudgingServices | undefined;
  progress?: Progress | undefined;
  lease?: JobLease | undefined;
};

/** Figures are written to Job.result at most this often while the job runs (and at its end). */
const RESULT_INTERVAL_MS = 500;

/**
 * Runs a judging job (kind "judge"): judges its pool with its judge, storing every answer and
 * the labels supported ones become, and keeps its figures in Job.result. With a `lease` (the
 * worker) every write checks it and the worker writes how the job ended; without one (a caller
 * running the job in hand) the job's row is updated directly. A failure every passage would share
 * (refused key, nonsense, a rejected request), or every request failing, throws: the job fails.
 */
export async function runJudging(prisma: Db, options: JudgingJobOptions): Promise<JudgingOutcome> {
  const job = await prisma.job.findUnique({ where: { id: options.jobId } });
  if (job?.kind !== "judge") throw new AppError("not_found", `No judging job ${options.jobId}.`);
  const payload = jobPayloadSchemas.judge.parse(job.payload);
  const services = options.services ?? judgingServicesFromEnv();
  const judge = await getJudge(prisma, payload.judgeId);
  const { set, queries } = await loadJudgingSet(prisma, payload.setId);
  const pool = await loadJudgingPool(prisma, { set, queries, source: payload.source });
  const documents = await loadJudgingDocuments(prisma, [...new Set(pool.map((pair) => pair.documentId))]);
  const queriesById = new Map(queries.map((query) => [query.id, query]));
  const { items, pairs } = poolItems({ pool, judgeId: judge.id, queriesById, documents });

  const statuses = await findJudgmentStatuses(prisma, {
    judgeId: judge.id,
    queryIds: [...queriesById.keys()],
  });
  const cached = await findCachedJudgments(prisma, {
    judgeId: judge.id,
    cacheKeys: items
      .filter((item) => !isDone(statuses.get(item.passageKey)))
      .map((item) => item.task.cacheKey),
  });
  const before = readJudgingFigures(job.result);
  const tally = createJudgingTally({ pairs, statuses, before, prices: payload.prices });
  const budget = createCallBudget({ maxCalls: judge.settings.maxCalls, fetch: services.fetch });
  const client = createJudgeClient({ settings: judge.settings, services, fetch: budget.fetch });
  const publish = publisher(prisma, {
    jobId: job.id,
    lease: options.lease,
    progress: options.progress,
    items: items.length,
    tally,
    budget,
  });
  await publish(true);
  const loop = await judgeItems({
    prisma,
    items,
    client,
    budget,
    scale: set.scale,
    concurrency: judge.settings.concurrency,
    context: {
      judgeId: judge.id,
      setId: set.id,
      origin: payload.source.kind === "runs" ? "pool" : "holes",
      jobId: job.id,
    },
    annotator: { id: judge.annotatorId, email: modelAnnotatorName(judge.name) },
    labels: true,
    tally,
    statuses,
    cached: new Map(cached.map((row) => [row.cacheKey, row])),
    cancelRequested: () => cancelRequested(prisma, job.id),
    beforeWrite: options.lease ? (tx) => assertJobLeaseHeld(tx, options.lease!) : undefined,
    onSettled: () => publish(false),
  });
  const figures = tally.figures(budget.used());
  if (!isLeaseLost(loop)) await publish(true).catch(() => undefined);
  return endOf({ loop, figures, judge, maxCalls: judge.settings.maxCalls });
}

/**
 * The same, for callers that want the figures only (the CLI's own process): without a lease the
 * job's row gets its ending here — succeeded, paused, cancelled or failed.
 */
export async function runJudgingJob(prisma: Db, options: JudgingJobOptions): Promise<JudgingFigures> {
  if (options.lease) return (await runJudging(prisma, options)).figures;
  await prisma.job.update({
    where: { id: options.jobId },
    data: { status: "running", startedAt: new Date() },
  });
  try {
    const outcome = await runJudging(prisma, options);
    await prisma.job.update({
      where: { id: options.jobId },
      data: {
        status: outcome.status,
        message: outcome.message,
        result: outcome.figures,
        ...(outcome.status === "succeeded" ? { progress: 1 } : {}),
        finishedAt: outcome.status === "paused" ? null : new Date(),
      },
    });
    return outcome.figures;
  } catch (error) {
    const message =
      error instanceof AppError ? error.message : `Unexpected error: ${(error as Error).message}`;
    await prisma.job.update({
      where: { id: options.jobId },
      data: { status: "failed", error: message, finishedAt: new Date() },
    });
    throw error;
  }
}

function isDone(status: string | undefined): boolean {
  return status !== undefined && status !== "failed";
}

function poolItems(options: {
  pool: Awaited<ReturnType<typeof loadJudgingPool>>;
  judgeId: string;
  queriesById: Map<string, Parameters<typeof buildPassageTask>[0]["query"]>;
  documents: Awaited<ReturnType<typeof loadJudgingDocuments>>;
}): { items: LoopItem[]; pairs: TallyPair[] } {
  const items: LoopItem[] = [];
  const pairs: TallyPair[] = [];
  for (const pair of options.pool) {
    const query = options.queriesById.get(pair.queryId);
    const document = options.documents.get(pair.documentId);
    const pairKey = `${pair.queryId}|${pair.documentId}`;
    const passageKeys: string[] = [];
    for (const passage of query && document ? pair.passages : []) {
      const task = buildPassageTask({
        judgeId: options.judgeId,
        query: query!,
        document: document!,
        ...passage,
      });
      const passageKey = `${pair.queryId}|${task.cacheKey}`;
      if (passageKeys.includes(passageKey)) continue;
      passageKeys.push(passageKey);
      items.push({ task, pairKey, passageKey });
    }
    // A pair whose document was deleted has no passage to judge; it stays unjudged.
    pairs.push({ key: pairKey, passageKeys: passageKeys.length ? passageKeys : [`${pairKey}|missing`] });
  }
  return { items, pairs };
}

async function cancelRequested(prisma: Db, jobId: string): Promise<boolean> {
  const job = await prisma.job.findUnique({ where: { id: jobId }, select: { cancelRequestedAt: true } });
  return job?.cancelRequestedAt != null;
}

function publisher(
  prisma: Db,
  options: {
    jobId: string;
    lease: JobLease | undefined;
    progress: Progress | undefined;
    items: number;
    tally: ReturnType<typeof createJudgingTally>;
    budget: ReturnType<typeof createCallBudget>;
  },
) {
  let lastWrite = 0;
  return async (force: boolean) => {
    const figures = options.tally.figures(options.budget.used());
    const message = formatJudgingProgress(figures);
    const fraction = options.items === 0 ? 1 : options.tally.settled() / options.items;
    await options.progress?.(Math.min(0.99, fraction), message);
    const now = Date.now();
    if (!force && now - lastWrite < RESULT_INTERVAL_MS) return;
    lastWrite = now;
    const result = figures as unknown as Prisma.InputJsonValue;
    if (!options.lease) {
      await prisma.job.update({ where: { id: options.jobId }, data: { result, message } });
      return;
    }
    if (!(await reportJobResult(prisma, { lease: options.lease, result, message })))
      throw new JobLeaseLostError(options.jobId);
  };
}

function isLeaseLost(loop: LoopResult): boolean {
  return (
    typeof loop.stop === "object" &&
    loop.stop !== null &&
    "error" in loop.stop &&
    loop.stop.error instanceof JobLeaseLostError
  );
}

function endOf(options: {
  loop: LoopResult;
  figures: JudgingFigures;
  judge: JudgeRow;
  maxCalls: number | undefined;
}): JudgingOutcome {
  const { loop, figures } = options;
  const progress = formatJudgingProgress(figures);
  const stop = loop.stop;
  if (stop !== null && typeof stop === "object") {
    if ("error" in stop) throw stop.error;
    throw new AppError(stop.fatal.code, fatalMessage(stop.fatal, options.judge));
  }
  if (stop === "cancelled") return { figures, status: "cancelled", message: `cancelled · ${progress}` };
  if (stop === "budget")
    return {
      figures,
      status: "paused",
      message: `paused: budget of ${(options.maxCalls ?? 0).toLocaleString("en")} calls used; resume to go on · ${progress}`,
    };
  if (loop.asked > 0 && loop.transientFailures === loop.asked)
    throw new AppError(
      "unavailable",
      `every request to the judge endpoint failed (${loop.asked.toLocaleString("en")} ${loop.asked === 1 ? "passage" : "passages"}); the last: ${loop.lastFailure ?? "no answer"}`,
    );
  const failed = figures.failed > 0 ? ` · ${figures.failed.toLocaleString("en")} failed` : "";
  return { figures, status: "succeeded", message: `${progress}${failed}` };
}

/** Says which failure stopped the job, naming the key's variable, never its value. */
export function fatalMessage(error: ChatClientError, judge: JudgeRow): string {
  const variable = judge.settings.apiKeyVariable;
  if (error.reason === "refused-key")
    return variable
      ? `the judge endpoint refused the API key in ${variable}: ${error.message}`
      : `the judge endpoint refused the request for want of an API key (the judge names no key variable): ${error.message}`;
  if (error.reason === "nonsense")
    return `the judge endpoint answered something that is not a chat completion: ${error.message}`;
  return `the judge endpoint rejected the request (check the judge's model and URL): ${error.message}`;
}
