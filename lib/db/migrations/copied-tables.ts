/**
 * Every table `goldenset migrate-data` copies, in an order that respects foreign keys: a table
 * comes after every table it references. The one cycle of the schema (GoldenSet.baselineRunId →
 * Run → GoldenSet) is broken by `deferredColumns`: the column is written null first and set once
 * every table is in.
 *
 * An explicit list rather than one derived at run time: the copy reads it top to bottom. It cannot
 * fall behind the schema silently: copied-tables.test.ts checks it against prisma/schema.prisma
 * (models, keys, relations, nullable Json fields), and the copy refuses a target database with a
 * table this list does not name.
 */
export type CopiedTable = {
  /** the table's name in the database (a model's @@map, else the model's name) */
  table: string;
  /** the Prisma model delegate (`prisma.<model>`) */
  model: string;
  /** the primary key's fields, in order: the copy pages through the table by it */
  key: readonly string[];
  /**
   * nullable Json fields: Prisma reads SQL NULL as `null` but writes it only as `Prisma.DbNull`
   * (the app never stores JSON `null`, so null always means SQL NULL)
   */
  nullableJson?: readonly string[];
  /** foreign keys written null first and filled in after every table (breaks a cycle) */
  deferredColumns?: readonly string[];
};

const byId = ["id"] as const;

export const COPIED_TABLES: readonly CopiedTable[] = [
  { table: "user", model: "user", key: byId },
  { table: "session", model: "session", key: byId },
  { table: "account", model: "account", key: byId },
  { table: "verification", model: "verification", key: byId },
  { table: "Corpus", model: "corpus", key: byId },
  { table: "Document", model: "document", key: byId, nullableJson: ["metadata"] },
  { table: "DocumentVersion", model: "documentVersion", key: byId },
  { table: "QueryLog", model: "queryLog", key: byId, nullableJson: ["options", "problems"] },
  { table: "LogQuery", model: "logQuery", key: byId },
  { table: "LogQuerySource", model: "logQuerySource", key: ["logQueryId", "queryLogId"] },
  { table: "GoldenSet", model: "goldenSet", key: byId, deferredColumns: ["baselineRunId"] },
  { table: "GoldenSetVersion", model: "goldenSetVersion", key: byId },
  { table: "Query", model: "query", key: byId },
  { table: "JudgmentImport", model: "judgmentImport", key: byId },
  { table: "Label", model: "label", key: byId },
  { table: "LabelEvent", model: "labelEvent", key: byId, nullableJson: ["before", "after"] },
  { table: "ApiToken", model: "apiToken", key: byId },
  { table: "QueryAssignment", model: "queryAssignment", key: byId },
  { table: "QueryProgress", model: "queryProgress", key: byId },
  { table: "RetrievalConfig", model: "retrievalConfig", key: byId },
  { table: "Job", model: "job", key: byId, nullableJson: ["result"] },
  { table: "Sweep", model: "sweep", key: byId },
  {
    table: "Run",
    model: "run",
    key: byId,
    nullableJson: ["metrics", "resolution", "sweepPoint"],
  },
  { table: "RunResult", model: "runResult", key: byId },
  { table: "RunQueryMetric", model: "runQueryMetric", key: ["runId", "queryId"] },
  { table: "EmbeddingCacheEntry", model: "embeddingCacheEntry", key: ["provider", "model", "textHash"] },
  { table: "SignInRateLimit", model: "signInRateLimit", key: ["key"] },
  { table: "AuditEvent", model: "auditEvent", key: byId, nullableJson: ["detail"] },
  { table: "Judge", model: "judge", key: byId },
  { table: "ModelJudgment", model: "modelJudgment", key: byId },
  { table: "CalibrationSample", model: "calibrationSample", key: byId },
];

/**
 * The keyset condition "after `last` in key order" for a (possibly compound) key: for (a, b),
 * `a > A OR (a = A AND b > B)`. Pages by primary key keep memory bounded on any table size.
 */
export function afterKey(key: readonly string[], last: Record<string, unknown>): Record<string, unknown> {
  const alternatives = key.map((field, index) => {
    const condition: Record<string, unknown> = {};
    for (const equal of key.slice(0, index)) condition[equal] = last[equal];
    condition[field] = { gt: last[field] };
    return condition;
  });
  return alternatives.length === 1 ? (alternatives[0] ?? {}) : { OR: alternatives };
}
