import { rm, stat } from "node:fs/promises";
import type { Db, DbOrTransaction } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { importQueryLog } from "@/lib/db/import-query-log";
import { type HandlerEnding, renewJobLease } from "@/lib/db/jobs";
import { type DuplicateLog, findQueryLogByContentHash } from "@/lib/db/query-logs";
import { markRunFailed } from "@/lib/db/runs";
import { failUnfinishedSweepRuns } from "@/lib/db/sweeps";
import { hashFile } from "@/lib/exchange/hash-file";
import { openBeirFolder, openBeirZip } from "@/lib/exchange/read-beir";
import { readCorpusJsonl } from "@/lib/exchange/read-corpus-jsonl";
import { openFileStream } from "@/lib/exchange/read-lines";
import type { JobLease } from "@/lib/jobs/job-lease";
import type { JobKind, JobPayload } from "@/lib/jobs/job-schema";
import type { JudgingServices } from "@/lib/judging/judging-services";
import { runJudging } from "@/lib/judging-runs/run-judging";
import { openLogStream } from "@/lib/logs/open-log-stream";
import { detectLogFormat } from "@/lib/logs/read-log";
import { executeRun } from "@/lib/runs/execute-run";
import type { RunServices } from "@/lib/runs/run-services";
import { evaluateSweep } from "@/lib/worker/evaluate-sweep";

type Progress = (fraction: number, message: string) => Promise<void>;
type Handler<K extends JobKind> = (options: {
  prisma: Db;
  jobId: string;
  payload: JobPayload<K>;
  /** reports progress; throws JobLeaseLostError once another worker has taken the job up */
  progress: Progress;
  /** the worker's hold on the job: writes of results check it (lib/db/jobs.ts assertJobLeaseHeld) */
  lease: JobLease;
  /** how runs reach HTTP providers; from the environment unless a caller (a test) passes its own */
  services?: RunServices | undefined;
  /** how judging jobs reach a judge's endpoint; from the environment unless a test passes its own */
  judgingServices?: JudgingServices | undefined;
}) => Promise<HandlerOutcome>;

/** What a handler ends with: its result and message; a judging job may end paused or cancelled. */
export type HandlerOutcome = { result: unknown; message: string; status?: HandlerEnding | undefined };

/**
 * Deletes an uploaded file once its import is over — unless another worker took the job up (this
 * one lost its lease) and still reads it.
 */
async function removeUpload(prisma: Db, options: { lease: JobLease; filePath: string }): Promise<void> {
  const stillHeld = await renewJobLease(prisma, { lease: options.lease, now: new Date() }).catch(() => false);
  if (stillHeld) await rm(options.filePath, { force: true });
}

/** Asymptotic progress for streams of unknown length: approaches but never reaches 1. */
function streamFraction(done: number, scale: number): number {
  return 0.9 * (1 - Math.exp(-done / scale));
}

const evaluateRun: Handler<"evaluate-run"> = async ({ prisma, payload, progress, lease, services }) => {
  const outcome = await executeRun(prisma, { runId: payload.runId, progress, lease, services });
  const recall5 = outcome.metrics.recall[5] ?? 0;
  return {
    result: outcome,
    message: `recall@5 ${recall5.toFixed(3)} · MRR ${outcome.metrics.mrr.toFixed(3)} over ${outcome.metrics.evaluated} queries`,
  };
};

const importCorpus: Handler<"import-corpus"> = async ({ prisma, payload, progress, lease }) => {
  try {
    const source =
      payload.format === "jsonl"
        ? { documents: () => readCorpusJsonl(openFileStream(payload.filePath)) }
        : payload.format === "beir-zip"
          ? await openBeirZip(payload.filePath)
          : await openBeirFolder(payload.filePath);
    const summary = await importDocuments(prisma, {
      corpusName: payload.corpusName,
      documents: source.documents(),
      onProgress: (read) =>
        progress(streamFraction(read, 5_000), `${read.toLocaleString("en")} documents read`),
    });
    return {
      result: summary,
      message: `${summary.documents} documents: ${summary.created} new, ${summary.updated} changed, ${summary.unchanged} unchanged`,
    };
  } finally {
    if (payload.format !== "beir-folder") await removeUpload(prisma, { lease, filePath: payload.filePath });
  }
};

const importLog: Handler<"import-log"> = async ({ prisma, payload, progress, lease }) => {
  try {
    const contentHash = payload.contentHash ?? (await hashFile(payload.filePath));
    const earlier = await findQueryLogByContentHash(prisma, contentHash);
    if (earlier) return alreadyImported(earlier);
    const options = payload.options ?? { format: detectLogFormat(payload.fileName) };
    // Reading is measured in bytes of the file (gzip included), saving in distinct queries.
    const { size } = await stat(payload.filePath);
    const reading = countBytes(openLogStream(payload.filePath));
    const { summary, ...saved } = await importQueryLog(prisma, {
      bytes: reading.stream,
      options,
      name: payload.logName,
      fileName: payload.fileName,
      contentHash,
      // Reading does not wait for its progress reports. One may still be under way when the job
      // ends (a log refused for its bad lines ends at once): its failure must not become an
      // unhandled rejection. A lost lease is recorded by the report itself and stops the job at
      // its next awaited report; a report that failed otherwise is only a missed progress line.
      onRead: (lines) => {
        progress(
          0.6 * (size ? reading.bytes() / size : 0),
          `${lines.toLocaleString("en")} lines read (${Math.round((100 * reading.bytes()) / (size || 1))}% of the file)`,
        ).catch(() => {});
      },
      onSave: (saved, total) =>
        saved === 0
          ? progress(0.6, `Classifying and saving ${total.toLocaleString("en")} distinct queries`)
          : progress(
              0.6 + 0.4 * (saved / total),
              `Saved ${saved.toLocaleString("en")} of ${total.toLocaleString("en")} distinct queries`,
            ),
    });
    if (saved.duplicateOf) return alreadyImported(saved.duplicateOf);
    const { malformed } = summary.skipped;
    const firstProblem = summary.problems[0];
    const partial =
      malformed > 0 && firstProblem
        ? `partial: ${malformed.toLocaleString("en")} malformed lines skipped (first at line ${firstProblem.line}) · `
        : "";
    return {
      result: { ...summary, ...saved, partial: partial !== "" },
      message: `${partial}${summary.lines.toLocaleString("en")} lines → ${summary.unique.toLocaleString("en")} distinct queries (${saved.newQueries.toLocaleString("en")} new)`,
    };
  } finally {
    await removeUpload(prisma, { lease, filePath: payload.filePath });
  }
};

const judge: Handler<"judge"> = async ({ prisma, jobId, progress, lease, judgingServices }) => {
  const outcome = await runJudging(prisma, { jobId, services: judgingServices, progress, lease });
  return {
    result: outcome.figures,
    message: outcome.message,
    status: outcome.status === "succeeded" ? undefined : outcome.status,
  };
};

/** Passes a byte stream through, counting what went by. */
function countBytes(input: AsyncIterable<Uint8Array>): {
  stream: AsyncGenerator<Uint8Array>;
  bytes: () => number;
} {
  let count = 0;
  async function* stream() {
    for await (const chunk of input) {
      count += chunk.length;
      yield chunk;
    }
  }
  return { stream: stream(), bytes: () => count };
}

/** The same bytes were imported before: nothing changes, and the job says where they went. */
function alreadyImported(log: DuplicateLog): { result: unknown; message: string } {
  return {
    result: { duplicateOf: log.id },
    message: `already imported as ${log.name} on ${log.createdAt.toISOString().slice(0, 10)}`,
  };
}

export const jobHandlers: { [K in JobKind]: Handler<K> } & {
  /** a job failed (or recovery gave up on it): its run, or a legacy sweep's points without jobs, fail too */
  onFailure: (options: {
    prisma: DbOrTransaction;
    jobId: string;
    kind: string;
    error: string;
  }) => Promise<void>;
} = {
  "evaluate-run": evaluateRun,
  "evaluate-sweep": evaluateSweep,
  "import-corpus": importCorpus,
  "import-log": importLog,
  judge,
  onFailure: async ({ prisma, jobId, kind, error }) => {
    if (kind === "evaluate-run") await markRunFailed(prisma, { jobId, error });
    if (kind === "evaluate-sweep") await failUnfinishedSweepRuns(prisma, { jobId, error });
  },
};
