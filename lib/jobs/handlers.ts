import { rm } from "node:fs/promises";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { saveQueryLog } from "@/lib/db/query-logs";
import { markRunFailed } from "@/lib/db/runs";
import { failUnfinishedSweepRuns } from "@/lib/db/sweeps";
import { openBeirFolder, openBeirZip } from "@/lib/exchange/read-beir";
import { readCorpusJsonl } from "@/lib/exchange/read-corpus-jsonl";
import { openFileStream } from "@/lib/exchange/read-lines";
import { evaluateSweep } from "@/lib/jobs/evaluate-sweep";
import type { JobKind, JobPayload } from "@/lib/jobs/job-schema";
import { readTextLog } from "@/lib/logs/read-text-log";
import { executeRun } from "@/lib/runs/execute-run";
import type { RunServices } from "@/lib/runs/run-services";

type Progress = (fraction: number, message: string) => Promise<void>;
type Handler<K extends JobKind> = (options: {
  prisma: Db;
  jobId: string;
  payload: JobPayload<K>;
  progress: Progress;
  /** how runs reach HTTP providers; from the environment unless a caller (a test) passes its own */
  services?: RunServices | undefined;
}) => Promise<{ result: unknown; message: string }>;

/** Asymptotic progress for streams of unknown length: approaches but never reaches 1. */
function streamFraction(done: number, scale: number): number {
  return 0.9 * (1 - Math.exp(-done / scale));
}

const evaluateRun: Handler<"evaluate-run"> = async ({ prisma, payload, progress, services }) => {
  const outcome = await executeRun(prisma, { runId: payload.runId, progress, services });
  const recall5 = outcome.metrics.recall[5] ?? 0;
  return {
    result: outcome,
    message: `recall@5 ${recall5.toFixed(3)} · MRR ${outcome.metrics.mrr.toFixed(3)} over ${outcome.metrics.evaluated} queries`,
  };
};

const importCorpus: Handler<"import-corpus"> = async ({ prisma, payload, progress }) => {
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
    if (payload.format !== "beir-folder") await rm(payload.filePath, { force: true });
  }
};

const importLog: Handler<"import-log"> = async ({ prisma, payload, progress }) => {
  try {
    const { entries, summary } = await readTextLog(openFileStream(payload.filePath), {
      onProgress: (lines) =>
        void progress(streamFraction(lines, 100_000), `${lines.toLocaleString("en")} lines read`),
    });
    await progress(0.9, `Saving ${entries.length.toLocaleString("en")} distinct queries`);
    const saved = await saveQueryLog(prisma, {
      name: payload.logName,
      fileName: payload.fileName,
      format: "text",
      entries,
      summary,
    });
    return {
      result: { ...summary, ...saved },
      message: `${summary.lines} lines → ${summary.unique} distinct queries (${saved.newQueries} new)`,
    };
  } finally {
    await rm(payload.filePath, { force: true });
  }
};

export const jobHandlers: { [K in JobKind]: Handler<K> } & {
  onFailure?: (options: { prisma: Db; jobId: string; kind: string; error: string }) => Promise<void>;
} = {
  "evaluate-run": evaluateRun,
  "evaluate-sweep": evaluateSweep,
  "import-corpus": importCorpus,
  "import-log": importLog,
  onFailure: async ({ prisma, jobId, kind, error }) => {
    if (kind === "evaluate-run") await markRunFailed(prisma, { jobId, error });
    if (kind === "evaluate-sweep") await failUnfinishedSweepRuns(prisma, { jobId, error });
  },
};
