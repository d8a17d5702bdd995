import { randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { prismaStoredJson, prismaStoredNumber } from "@/lib/db/prisma-stored-number";
import { type BoundColumn, sqlDialect } from "@/lib/db/sql-dialect";
import type { ContextMetrics } from "@/lib/eval/context-budget";
import type { QueryMetrics } from "@/lib/eval/label-metrics";

/**
 * Rows per INSERT … SELECT: the batch is bound as a few parameters (sqlDialect.selectRows), so the
 * size is a trade between statements (each a round trip and a compile) and the copies of its text
 * or arrays Prisma makes on the way (about 0.3 MB per 2,000 result rows). On SciFact at top 1,000
 * (300,000 rows), 2,000 rows took no longer than 10,000 and peaked ~60 MB lower.
 */
const INSERT_BATCH = 2_000;

/** One ranked hit of a run as stored: the chunk's span in its document and the final score. */
export type RunResultRow = {
  queryId: string;
  rank: number;
  documentId: string;
  start: number;
  end: number;
  chunkHash: string;
  score: number;
};

/**
 * A query's metrics (null: no relevant labels, excluded), how many results it kept after topK and
 * the threshold, and its context-budget measures (null when excluded).
 */
export type RunQueryOutcome = {
  queryId: string;
  metrics: QueryMetrics | null;
  returned: number;
  context?: ContextMetrics | null;
};

/**
 * A run's result rows as columns, one array per field: a run of 300 queries at top 1,000 holds
 * 300,000 rows, which as objects cost hundreds of MB of heap and the collector's time; as columns
 * (strings shared with the documents and the chunk-hash memo) a few MB.
 */
export class RunResultColumns {
  readonly queryIds: string[] = [];
  readonly ranks: number[] = [];
  readonly documentIds: string[] = [];
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  readonly chunkHashes: string[] = [];
  readonly scores: number[] = [];

  static from(rows: Iterable<RunResultRow>): RunResultColumns {
    const columns = new RunResultColumns();
    for (const row of rows) columns.push(row);
    return columns;
  }

  get length(): number {
    return this.ranks.length;
  }

  push(row: RunResultRow): void {
    this.queryIds.push(row.queryId);
    this.ranks.push(row.rank);
    this.documentIds.push(row.documentId);
    this.starts.push(row.start);
    this.ends.push(row.end);
    this.chunkHashes.push(row.chunkHash);
    this.scores.push(row.score);
  }

  /** Mean characters per result (end − start), 0 without results: Run.metrics.meanResultChars. */
  meanChars(): number {
    if (this.length === 0) return 0;
    let sum = 0;
    for (let row = 0; row < this.length; row++) sum += this.ends[row]! - this.starts[row]!;
    return sum / this.length;
  }
}

/**
 * Inserts a run's result rows, INSERT_BATCH at a time, each batch one INSERT … SELECT over the
 * rows bound as columns; scores rounded as Prisma rounds its parameters (prismaStoredNumber), so
 * they are stored as they always were. Ids are UUID-shaped (the column's cuid default is
 * Prisma's, not the database's): see sequentialIds.
 */
export async function insertRunResults(
  tx: Prisma.TransactionClient,
  options: { runId: string; results: RunResultColumns },
): Promise<void> {
  const { runId, results } = options;
  const dialect = sqlDialect(tx);
  const idOf = sequentialIds();
  for (let offset = 0; offset < results.length; offset += INSERT_BATCH) {
    const end = Math.min(results.length, offset + INSERT_BATCH);
    const slice = <T>(values: T[]) => values.slice(offset, end);
    const columns: BoundColumn[] = [
      {
        name: "id",
        type: "text",
        values: Array.from({ length: end - offset }, (_, row) => idOf(offset + row)),
      },
      { name: "runId", type: "text", values: new Array(end - offset).fill(runId) },
      { name: "queryId", type: "text", values: slice(results.queryIds) },
      { name: "rank", type: "integer", values: slice(results.ranks) },
      { name: "documentId", type: "text", values: slice(results.documentIds) },
      { name: "start", type: "integer", values: slice(results.starts) },
      { name: "end", type: "integer", values: slice(results.ends) },
      { name: "chunkHash", type: "text", values: slice(results.chunkHashes) },
      { name: "score", type: "float", values: slice(results.scores).map(prismaStoredNumber) },
    ];
    await tx.$executeRaw`
      INSERT INTO "RunResult" ("id", "runId", "queryId", "rank", "documentId", "start", "end", "chunkHash", "score")
      ${dialect.selectRows(columns)}`;
  }
}

/**
 * Ids for one run's rows: a random UUID whose last 12 hex digits count the rows, so the rows of a
 * run land side by side in the primary-key index instead of at random places (random UUIDs made
 * each insert a B-tree descent to a cold page), and stay unique across runs (80 random bits).
 */
function sequentialIds(): (row: number) => string {
  const prefix = randomUUID().slice(0, 24);
  return (row) => `${prefix}${row.toString(16).padStart(12, "0")}`;
}

/**
 * Inserts a run's per-query metric rows the same way: the metrics JSON as the run page, the
 * comparisons and the exports read it (parseStoredQueryMetrics), `returned` with it, and the
 * context measures when the query has them.
 */
export async function insertRunQueryMetrics(
  tx: Prisma.TransactionClient,
  options: { runId: string; perQuery: readonly RunQueryOutcome[] },
): Promise<void> {
  const dialect = sqlDialect(tx);
  for (let offset = 0; offset < options.perQuery.length; offset += INSERT_BATCH) {
    const batch = options.perQuery.slice(offset, offset + INSERT_BATCH);
    const columns: BoundColumn[] = [
      { name: "runId", type: "text", values: batch.map(() => options.runId) },
      { name: "queryId", type: "text", values: batch.map((row) => row.queryId) },
      {
        name: "metrics",
        type: "json",
        values: batch.map((row) => prismaStoredJson(storedQueryMetrics(row))),
      },
      { name: "relevant", type: "integer", values: batch.map((row) => row.metrics?.relevantCount ?? 0) },
      { name: "excluded", type: "boolean", values: batch.map((row) => row.metrics === null) },
    ];
    await tx.$executeRaw`
      INSERT INTO "RunQueryMetric" ("runId", "queryId", "metrics", "relevant", "excluded")
      ${dialect.selectRows(columns)}`;
  }
}

/** RunQueryMetric.metrics of one query, fields in the order they have always been stored. */
function storedQueryMetrics(row: RunQueryOutcome): object {
  if (!row.metrics) return { returned: row.returned };
  return {
    recall: row.metrics.recall,
    ndcg: row.metrics.ndcg,
    precision: row.metrics.precision,
    hit: row.metrics.hit,
    judged: row.metrics.judged,
    partialRecall: row.metrics.partialRecall,
    reciprocalRank: row.metrics.reciprocalRank,
    averagePrecision: row.metrics.averagePrecision,
    returned: row.returned,
    ...(row.context ? { context: row.context } : {}),
  };
}
