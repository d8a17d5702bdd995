import type { Db } from "@/lib/db/client";
import { collectGarbage } from "@/lib/db/collect-garbage";
import { QueryLogStage } from "@/lib/db/query-log-stage";
import { type SaveQueryLogResult, saveQueryLog } from "@/lib/db/query-logs";
import type { ClassifyLogQuery } from "@/lib/logs/classifier-for-entries";
import { addTokenCounts, buildClassifierContextFrom, classifyQuery } from "@/lib/logs/classify-query";
import { loadSpellingDictionary } from "@/lib/logs/load-spelling-dictionary";
import { type LogFormatOptions, type LogSummary, streamLog } from "@/lib/logs/read-log";

/**
 * (query, variant) pairs per batch read before it is merged into the stage. A batch of 50,000
 * holds ~20 MB on the JS heap; larger batches merge fewer repeats in the stage but did not make
 * the import faster (bench/README.md).
 */
const DEFAULT_BATCH_VARIANTS = 50_000;

export type StageQueryLogInput = {
  /** the file's bytes (gzip is detected) */
  bytes: AsyncIterable<Uint8Array>;
  options: LogFormatOptions & { maxQueryChars?: number };
  /** called with the lines read so far about every 10,000 lines */
  onRead?: (lines: number) => void;
  /** batch size in (query, variant) pairs; tests pass tiny ones to merge across batches */
  batchVariants?: number;
  /** the folder the stage's working files go in (a folder of their own inside it); the OS's temp folder by default */
  stageIn?: string;
};

/**
 * A log read into its own stage (QueryLogStage) — the app's database untouched — with its
 * summary and a classifier built on the whole log's token counts and casing and the spelling
 * dictionary. Fails like
 * streamLog (bad input, with line numbers) after disposing of the stage. The caller disposes of
 * the returned stage.
 */
export async function stageQueryLog(
  input: StageQueryLogInput,
): Promise<{ stage: QueryLogStage; summary: LogSummary; classify: ClassifyLogQuery }> {
  const stage = QueryLogStage.open(input.stageIn);
  try {
    const tokenCounts = new Map<string, number>();
    const summary = await streamLog(input.bytes, {
      ...input.options,
      batchVariants: input.batchVariants ?? DEFAULT_BATCH_VARIANTS,
      onBatch: (parts) => {
        for (const part of parts) addTokenCounts(tokenCounts, part);
        stage.merge(parts);
      },
      distinct: () => stage.size,
      ...(input.onRead ? { onProgress: input.onRead } : {}),
    });
    // Full collections between the steps: the last read batches and the context's scratch
    // (every display read once) are garbage V8 would otherwise carry into the save, where it
    // piled up with the save's own allocations: on 10M lines that was the import's peak RSS,
    // 353 MB at the start of the save; the staging's own peak (~290 MB) is the peak now.
    collectGarbage();
    const dictionary = await loadSpellingDictionary();
    const context = buildClassifierContextFrom({ tokenCounts, displays: stage.displays() }, { dictionary });
    collectGarbage();
    const classify: ClassifyLogQuery = ({ normalized, display }) =>
      classifyQuery(normalized, context, { display });
    return { stage, summary, classify };
  } catch (error) {
    stage.dispose();
    throw error;
  }
}

export type ImportQueryLogInput = StageQueryLogInput & {
  name: string;
  fileName: string;
  /** sha256 (hex) of the file; a log with the same hash is not imported twice */
  contentHash?: string;
  /** called once the log is read (saved 0), then after each saved batch with the distinct queries saved so far */
  onSave?: (saved: number, total: number) => Promise<void>;
};

/**
 * Imports a query log of any size in flat memory: streams it into its own stage in bounded
 * batches (stageQueryLog), then saves the stage's entries with saveQueryLog in ONE transaction.
 * All or nothing: bad input fails while reading, before the app's database is touched; a
 * failure while saving rolls the transaction back. Either way the stage is deleted.
 */
export async function importQueryLog(
  prisma: Db,
  input: ImportQueryLogInput,
): Promise<SaveQueryLogResult & { summary: LogSummary }> {
  const { stage, summary, classify } = await stageQueryLog(input);
  try {
    await input.onSave?.(0, summary.unique);
    const saved = await saveQueryLog(prisma, {
      name: input.name,
      fileName: input.fileName,
      format: input.options.format,
      entries: stage.entries(),
      stage,
      summary,
      options: input.options,
      classify,
      ...(input.contentHash ? { contentHash: input.contentHash } : {}),
      ...(input.onSave ? { onProgress: input.onSave } : {}),
    });
    return { ...saved, summary };
  } finally {
    stage.dispose();
  }
}
