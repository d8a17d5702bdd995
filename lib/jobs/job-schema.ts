import { z } from "zod";
import { judgingPricesSchema } from "@/lib/judging/judging-figures";
import { judgingSourceSchema } from "@/lib/judging/judging-source";
import { logFormatOptionsSchema } from "@/lib/logs/read-log";

/** Every job kind and the payload it carries. Uploaded files are saved first; payloads hold paths. */
export const jobPayloadSchemas = {
  "evaluate-run": z.object({ runId: z.string() }),
  /** a sweep queued by an earlier version: queues its points as evaluate-run jobs (lib/worker/evaluate-sweep.ts) */
  "evaluate-sweep": z.object({ sweepId: z.string() }),
  "import-corpus": z.object({
    filePath: z.string(),
    fileName: z.string(),
    format: z.enum(["jsonl", "beir-zip", "beir-folder"]),
    corpusName: z.string().min(1),
  }),
  "import-log": z.object({
    filePath: z.string(),
    fileName: z.string(),
    logName: z.string().min(1),
    /** sha256 hex of the uploaded bytes, computed while streaming; absent → the job hashes the file */
    contentHash: z.string().optional(),
    /** how to read the file; absent → the format its name says (detectLogFormat), default options */
    options: logFormatOptionsSchema.optional(),
  }),
  /** an LLM judge grades a pool or a run's holes (lib/judging/run-judging.ts) */
  judge: z.object({
    setId: z.string(),
    judgeId: z.string(),
    source: judgingSourceSchema,
    prices: judgingPricesSchema.optional(),
  }),
} as const;

export type JobKind = keyof typeof jobPayloadSchemas;
export type JobPayload<K extends JobKind> = z.infer<(typeof jobPayloadSchemas)[K]>;
