import { labelSpanKey } from "@/lib/anchor/label-span-key";
import { checkReferences } from "@/lib/curation/golden-set-import-references";
import type { Db, DbOrTransaction } from "@/lib/db/client";
import { findInBatches } from "@/lib/db/find-in-batches";
import { type LabelEventActor, recordLabelsCreated } from "@/lib/db/label-events";
import { isUniqueViolation } from "@/lib/db/prisma-errors";
import { AppError } from "@/lib/errors";
import { type CreditSummary, creditImportedLabels } from "@/lib/exchange/credit-imported-labels";
import type { GoldenSetFile } from "@/lib/exchange/golden-set-schema";
import { isModelAnnotator, MODEL_ROLE } from "@/lib/exchange/model-annotator";

// Importing a golden set's exchange file (docs/domain.md, "Exchange formats"): all or nothing,
// labels credited by who imports.

/** Who imports through the app; `mayAdjudicate`: an engineer or admin (see creditImportedLabels). */
export type GoldenSetImporter = { id: string; email: string; mayAdjudicate: boolean };

/**
 * Creates a golden set from an exchange file, all or nothing. The corpus must already hold the
 * referenced documents with the same text (content hash) at the same version. Each imported label
 * gets its own `created` event in the label history, by `actor` (the importing user; null from the
 * command line), so every label has a history from its first day in this database.
 * `importedBy` (every import through the app): labels are credited as creditImportedLabels says —
 * an annotator's all to the annotator and none adjudicated; an engineer's or admin's keep the
 * annotators that exist here — and `credit` says what was done. Without it (the command line, the
 * demo seed: the operator of the server) the file's annotators are kept, created when unknown.
 * With `fileName`, the labels link to a JudgmentImport row (format "goldenset": the file, who, when),
 * so the label history can say which import a label came from.
 * Refused, with every problem at once (AppError.problems, each at its JSON path): an unknown corpus,
 * a set name taken, every document missing from the corpus or with other text at its version.
 */
export async function importGoldenSetFile(
  prisma: Db,
  options: {
    file: GoldenSetFile;
    corpusId?: string;
    name?: string;
    actor?: LabelEventActor;
    importedBy?: GoldenSetImporter;
    /** the uploaded file's name: recorded as the import (a JudgmentImport of format "goldenset") its labels came from */
    fileName?: string;
  },
): Promise<{ setId: string; queries: number; labels: number; credit?: CreditSummary }> {
  const name = options.name ?? options.file.set.name;
  const actor = options.importedBy
    ? { id: options.importedBy.id, email: options.importedBy.email }
    : (options.actor ?? null);
  return prisma.$transaction(
    async (tx) => {
      const credited = options.importedBy
        ? await creditForImporter(tx, options.file, options.importedBy)
        : { file: options.file, summary: undefined };
      const { file } = credited;
      const { corpus, documentIds } = await checkReferences(tx, { file, corpusId: options.corpusId, name });
      const annotatorIds = await ensureAnnotators(tx, file);
      const set = await createSet(tx, { file, name, corpusId: corpus.id });
      const provenance = options.fileName
        ? await recordImport(tx, {
            file,
            setId: set.id,
            fileName: options.fileName,
            importedById: actor?.id ?? null,
          })
        : null;
      let labelCount = 0;
      for (const [index, query] of file.queries.entries()) {
        await importQuery(tx, {
          query,
          index,
          setId: set.id,
          ids: { documentIds, annotatorIds, importId: provenance?.id ?? null },
        });
        labelCount += query.labels.length;
      }
      const labels = await tx.label.findMany({ where: { query: { goldenSetId: set.id } } });
      await recordLabelsCreated(tx, { labels, goldenSetId: set.id, actor });
      return {
        setId: set.id,
        queries: file.queries.length,
        labels: labelCount,
        ...(credited.summary ? { credit: credited.summary } : {}),
      };
    },
    { timeout: 10 * 60_000, maxWait: 60_000 },
  );
}

type FileQuery = GoldenSetFile["queries"][number];

/** The set's row, with the file's settings. */
function createSet(tx: DbOrTransaction, options: { file: GoldenSetFile; name: string; corpusId: string }) {
  const { set } = options.file;
  return tx.goldenSet.create({
    data: {
      name: options.name,
      description: set.description,
      corpusId: options.corpusId,
      gradeScale: set.gradeScale,
      relevantThreshold: set.relevantThreshold,
      judgmentPolicy: set.judgmentPolicy,
      modelJudgments: set.modelJudgments,
      contextBudgetChars: set.contextBudgetChars,
      splitSeed: set.split?.seed ?? null,
      splitHoldoutShare: set.split?.holdoutShare ?? null,
    },
  });
}

/** The JudgmentImport row the labels link to: which file, who, how much. */
function recordImport(
  tx: DbOrTransaction,
  options: { file: GoldenSetFile; setId: string; fileName: string; importedById: string | null },
) {
  return tx.judgmentImport.create({
    data: {
      goldenSetId: options.setId,
      format: "goldenset",
      fileName: options.fileName,
      importedById: options.importedById,
      queries: options.file.queries.length,
      labels: options.file.queries.reduce((sum, query) => sum + query.labels.length, 0),
    },
  });
}

/**
 * One query of the file at set position `index + 1`, linked to its log query when the log is here,
 * and its labels; two labels on the same document, span and annotator are refused at their path
 * (parseGoldenSetFile refuses them too, but a file built in code may not have been through it).
 */
async function importQuery(
  tx: DbOrTransaction,
  options: {
    query: FileQuery;
    index: number;
    setId: string;
    ids: Omit<Parameters<typeof labelRow>[1], "queryId">;
  },
): Promise<void> {
  const { query, index } = options;
  const logQuery = query.source
    ? await tx.logQuery.findUnique({ where: { normalized: query.source.logQuery }, select: { id: true } })
    : null;
  const created = await tx.query.create({
    data: {
      goldenSetId: options.setId,
      key: query.id,
      position: index + 1,
      text: query.text,
      informationNeed: query.informationNeed,
      tags: query.tags,
      notes: query.notes,
      status: query.status,
      split: query.split ?? null,
      source: query.source?.logQuery ?? null,
      logQueryId: logQuery?.id ?? null,
    },
  });
  if (query.labels.length === 0) return;
  await tx.label
    .createMany({
      data: query.labels.map((label) => labelRow(label, { ...options.ids, queryId: created.id })),
    })
    .catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      throw new AppError(
        "bad_request",
        `queries[${index}].labels: two labels on the same document, span and annotator (a label is unique per query, document, span, annotator and adjudication)`,
        { path: ["queries", index, "labels"] },
      );
    });
}

/** One label of the file as a Label row of query `queryId`. */
function labelRow(
  label: GoldenSetFile["queries"][number]["labels"][number],
  ids: {
    queryId: string;
    documentIds: Map<string, string>;
    annotatorIds: Map<string, string>;
    importId: string | null;
  },
) {
  const quote = label.target.kind === "quote" ? label.target.selector : null;
  return {
    queryId: ids.queryId,
    documentId: ids.documentIds.get(label.document) ?? "",
    documentVersion: label.documentVersion,
    kind: label.target.kind,
    exact: quote?.[0].exact ?? null,
    prefix: quote?.[0].prefix ?? null,
    suffix: quote?.[0].suffix ?? null,
    start: quote?.[1].start ?? null,
    end: quote?.[1].end ?? null,
    spanKey: labelSpanKey(
      quote ? { kind: "quote", documentVersion: label.documentVersion, ...quote[1] } : { kind: "document" },
    ),
    grade: label.grade,
    annotatorId: label.annotator ? (ids.annotatorIds.get(label.annotator) ?? null) : null,
    adjudicated: label.adjudicated === true,
    judgmentImportId: ids.importId,
    createdAt: new Date(label.createdAt),
    updatedAt: new Date(label.updatedAt),
  };
}

/** The file as `importer` may bring it in: the users it names that exist here are looked up. */
async function creditForImporter(
  prisma: DbOrTransaction,
  file: GoldenSetFile,
  importer: GoldenSetImporter,
): Promise<{ file: GoldenSetFile; summary: CreditSummary }> {
  const named = new Set<string>();
  for (const query of file.queries)
    for (const label of query.labels) if (label.annotator) named.add(label.annotator.toLowerCase());
  const users = await findInBatches([...named], (batch) =>
    prisma.user.findMany({ where: { email: { in: batch } }, select: { email: true } }),
  );
  const existingUsers = new Map(users.map((user) => [user.email.toLowerCase(), user.email]));
  return creditImportedLabels(file, {
    importerEmail: importer.email,
    mayAdjudicate: importer.mayAdjudicate,
    existingUsers,
  });
}

/**
 * Annotators are kept by email; unknown ones become users without a password (no sign-in). A
 * judge's annotator (`model:<name>`) becomes a user of role "model" named like it, as a judge's
 * own user is (lib/judging/model-annotator.ts) — but no Judge: the file's `judges` only describe.
 */
async function ensureAnnotators(prisma: DbOrTransaction, file: GoldenSetFile): Promise<Map<string, string>> {
  const emails = new Set<string>();
  for (const query of file.queries)
    for (const label of query.labels) if (label.annotator) emails.add(label.annotator);
  const ids = new Map<string, string>();
  for (const email of emails) {
    const user = await prisma.user.upsert({
      where: { email },
      create: isModelAnnotator(email)
        ? { id: crypto.randomUUID(), email, name: email, role: MODEL_ROLE }
        : { id: crypto.randomUUID(), email, name: email.split("@")[0] ?? email, role: "annotator" },
      update: {},
    });
    ids.set(email, user.id);
  }
  return ids;
}
