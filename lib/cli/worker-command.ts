import { setTimeout as sleep } from "node:timers/promises";
import {
  type CommandArgs,
  type CommandOptions,
  helpOption,
  type OptionValue,
  refusePositionals,
} from "@/lib/cli/command-options";
import { type Db, db, providerOfClient } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { formatWorkerIdentity } from "@/lib/jobs/job-lease";
import { drainJobs, recoverJobs, type WorkerOptions } from "@/lib/worker/worker";
import { currentWorkerIdentity } from "@/lib/worker/worker-identity";

/** How long an idle worker waits before it looks at the queue again (the server's worker: the same). */
const POLL_MS = 500;
const DEFAULT_GRACE_SECONDS = 10;

const workerUsage = `usage: goldenset worker [--grace SECONDS]

Run background jobs (evaluation runs, sweep points, imports) from DATABASE_URL's queue until
stopped. Start as many as you like, on this machine or others on the same database: each job is
claimed by exactly one worker under a lease its heartbeat renews; a job whose worker dies is taken
up again by another (at once on the same machine, when its lease ends elsewhere), up to 3 attempts.
The server runs one worker in its own process too, unless GOLDENSET_WORKER=off.

Logs one line per job to stdout: job ID KIND succeeded|failed|lost|released · attempt N · worker
HOST:PID:ID · claimed TIME · MS ms.

SIGTERM or SIGINT (Ctrl-C) stops it: no new job is claimed, the job in hand gets --grace seconds
(default ${DEFAULT_GRACE_SECONDS}) to finish, then goes back to the queue for another worker.

Exit codes: 0 stopped by a signal, 1 the database could not be used, 2 bad arguments.`;

function parseGraceSeconds(value: OptionValue): number {
  if (value === undefined) return DEFAULT_GRACE_SECONDS;
  const seconds = typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  if (!Number.isFinite(seconds) || seconds < 0)
    throw new AppError("bad_request", `--grace must be a number of seconds ≥ 0 (got "${String(value)}")`);
  return seconds;
}

/**
 * `goldenset worker`: recovers abandoned jobs and runs queued ones (drainJobs, the server worker's
 * loop) until SIGTERM/SIGINT, then finishes or releases the job in hand and exits 0. `prisma` and
 * `worker` are for tests that run the command in-process.
 */
function createWorkerCommand(options: { prisma: () => Db; worker?: WorkerOptions }) {
  return {
    usage: workerUsage,
    errorExitCode: 1,
    options: {
      ...helpOption,
      grace: { type: "string" },
    } as CommandOptions,

    run: async (args: CommandArgs): Promise<number> => {
      refusePositionals(args.positionals, workerUsage.split("\n")[0] ?? workerUsage);
      const graceMs = parseGraceSeconds(args.values.grace) * 1000;
      const prisma = options.prisma();
      const provider = providerOfClient(prisma);
      const identity = options.worker?.worker ?? currentWorkerIdentity();
      const stopping = new AbortController();
      const stop = () => stopping.abort();
      process.once("SIGTERM", stop);
      process.once("SIGINT", stop);
      const log = (line: string) => process.stdout.write(`${line}\n`);
      const workerOptions: WorkerOptions = {
        ...options.worker,
        worker: identity,
        graceMs,
        stopSignal: stopping.signal,
        log,
      };
      try {
        // a database that cannot be read at all fails the command (exit 1) instead of looping
        await recoverJobs(prisma, new Date(), { self: identity });
        log(`worker ${formatWorkerIdentity(identity)} on ${provider}: waiting for jobs`);
        while (!stopping.signal.aborted) {
          try {
            await drainJobs(prisma, workerOptions);
          } catch (error) {
            console.error("Job worker error", error);
          }
          await sleep(POLL_MS, undefined, { signal: stopping.signal }).catch(() => undefined);
        }
        log(`worker ${formatWorkerIdentity(identity)} stopped`);
        return 0;
      } finally {
        process.off("SIGTERM", stop);
        process.off("SIGINT", stop);
        await prisma.$disconnect();
      }
    },
  };
}

export const workerCommand = createWorkerCommand({ prisma: db });
