import { setTimeout as sleep } from "node:timers/promises";
import { type CommandArgs, type CommandOptions, helpOption } from "@/lib/cli/command-options";
import { formatJudgeSummary } from "@/lib/cli/format-judge-report";
import { judgeUsage, parseJudgeOptions } from "@/lib/cli/parse-judge-options";
import { writeStdout } from "@/lib/cli/write-stdout";
import { type Db, db } from "@/lib/db/client";
import { findGoldenSetIdByName } from "@/lib/db/golden-sets";
import { loadJudgeReport } from "@/lib/db/judge-report";
import { findOrCreateJudge } from "@/lib/db/judges";
import { getJudgingJob, type JudgingJobView, startJudgingJob } from "@/lib/db/judging-jobs";
import { AppError } from "@/lib/errors";
import { type JudgingServices, judgingServicesFromEnv } from "@/lib/judging/judging-services";
import { sourceRunIds } from "@/lib/judging/judging-source";
import { drainJobs, type WorkerOptions } from "@/lib/worker/worker";

/** How often the command looks again at a job another worker (the server's) has taken up. */
const POLL_MS = 500;

const FINISHED: readonly JudgingJobView["status"][] = ["succeeded", "failed", "paused", "cancelled"];

/**
 * `goldenset judge` (issue 23, item 8; flags in parse-judge-options.ts): finds or creates the judge,
 * queues a judging job exactly as the app's Judging page does (startJudgingJob), runs queued jobs
 * as `run-jobs` does — or, when the server's worker took the job first, waits for it — then prints
 * the job's figures with the judge report's agreement and τ over the judged runs. The judge, its job
 * and its judgments then appear in the app. `services` (tests) replace the environment's
 * allow-list and keys.
 */
export function createJudgeCommand(options: {
  prisma: () => Db;
  services?: JudgingServices;
  worker?: WorkerOptions;
}) {
  return {
    errorExitCode: 2,
    usage: judgeUsage,
    options: {
      ...helpOption,
      set: { type: "string" },
      endpoint: { type: "string" },
      model: { type: "string" },
      "key-variable": { type: "string" },
      name: { type: "string" },
      runs: { type: "string" },
      holes: { type: "string" },
      depth: { type: "string" },
      concurrency: { type: "string" },
      "max-calls": { type: "string" },
      json: { type: "boolean" },
    } as CommandOptions,

    run: async (args: CommandArgs): Promise<number> => {
      const parsed = parseJudgeOptions(args.values, args.positionals);
      const prisma = options.prisma();
      const services = options.services ?? judgingServicesFromEnv();
      const { judge, jobId, setId } = await asBadInput(async () => {
        const setId = await findGoldenSetIdByName(prisma, parsed.setName);
        const judge = await findOrCreateJudge(prisma, {
          settings: parsed.settings,
          createdById: null,
          server: { allowList: services.allowList, keyVariables: services.keyVariables },
        });
        const { jobId } = await startJudgingJob(prisma, {
          setId,
          judgeId: judge.id,
          source: parsed.source,
          createdById: null,
        });
        return { judge, jobId, setId };
      });
      const job = await waitForJob(prisma, {
        jobId,
        worker: { ...options.worker, judgingServices: options.worker?.judgingServices ?? options.services },
      });
      const report = await loadJudgeReport(prisma, {
        setId,
        judgeId: judge.id,
        runIds: sourceRunIds(parsed.source),
      });
      const { figures } = job;
      if (job.status !== "succeeded")
        process.stderr.write(`goldenset: judging job ${jobId} ${job.status}: ${job.error ?? job.message}\n`);
      const output = {
        pairs: figures.pairs,
        judged: figures.judged,
        cached: figures.cached,
        unsupported: figures.unsupported,
        failed: figures.failed,
        calls: figures.calls,
        promptTokens: figures.promptTokens,
        completionTokens: figures.completionTokens,
        agreement: {
          items: report.agreement.items,
          kappa: report.agreement.kappa,
          alpha: report.agreement.alpha,
        },
        tau: report.tau,
      };
      await writeStdout(
        parsed.json
          ? `${JSON.stringify(output, null, 2)}\n`
          : formatJudgeSummary({ job, report, setName: parsed.setName }),
      );
      return job.status === "succeeded" && figures.failed === 0 ? 0 : 1;
    },
  };
}

export const judgeCommand = createJudgeCommand({ prisma: db });

/** What goes wrong before the job runs (unknown set or run, settings refused) is bad input: exit 2. */
async function asBadInput<Result>(work: () => Promise<Result>): Promise<Result> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof AppError && (error.code === "not_found" || error.code === "conflict")
      ? new AppError("bad_request", error.message)
      : error;
  }
}

/** Runs queued jobs (the judging job among them); when another worker holds it, waits for it to end. */
async function waitForJob(prisma: Db, options: { jobId: string; worker: WorkerOptions }) {
  for (;;) {
    await drainJobs(prisma, options.worker);
    const job = await getJudgingJob(prisma, options.jobId);
    if (FINISHED.includes(job.status)) return job;
    await sleep(POLL_MS);
  }
}
