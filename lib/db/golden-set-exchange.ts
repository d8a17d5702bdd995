import { createHash } from "node:crypto";
import type { DbOrTransaction } from "@/lib/db/client";
import { findInBatches } from "@/lib/db/find-in-batches";
import { AppError } from "@/lib/errors";
import {
  type GoldenSetFile,
  judgmentPolicySchema,
  modelJudgmentsPolicySchema,
} from "@/lib/exchange/golden-set-schema";
import { serializeGoldenSetFile } from "@/lib/exchange/serialize-golden-set-file";
import { gradeScaleSchema, queryStatusSchema } from "@/lib/sets/set-schema";
import { loadFileJudges } from "./golden-set-file-judges";

/**
 * The set as its JSON exchange file (docs/domain.md, "Exchange formats"), deterministic: same
 * data → same bytes.
 */
export async function buildGoldenSetFile(prisma: DbOrTransaction, setId: string): Promise<GoldenSetFile> {
  const set = await prisma.goldenSet.findUnique({ where: { id: setId }, include: { corpus: true } });
  if (!set) throw new AppError("not_found", "No such golden set.");
  const queries = await loadExportedQueries(prisma, setId);
  const documents = await referencedDocuments(prisma, queries);
  const judges = await loadFileJudges(
    prisma,
    queries.flatMap((query) => query.labels.map((label) => label.id)),
  );

  return {
    format: "goldenset",
    version: 1,
    set: {
      name: set.name,
      description: set.description,
      relevantThreshold: set.relevantThreshold,
      gradeScale: gradeScaleSchema.parse(set.gradeScale),
      judgmentPolicy: judgmentPolicySchema.catch("any").parse(set.judgmentPolicy),
      modelJudgments: modelJudgmentsPolicySchema.catch("ignore").parse(set.modelJudgments),
      contextBudgetChars: set.contextBudgetChars,
      ...(set.splitSeed === null
        ? {}
        : { split: { seed: set.splitSeed, holdoutShare: set.splitHoldoutShare ?? 0 } }),
    },
    corpus: { name: set.corpus.name, documents },
    ...(judges.length > 0 ? { judges } : {}),
    queries: queries.map((query) => ({
      id: query.key,
      text: query.text,
      informationNeed: query.informationNeed,
      tags: (query.tags as string[] | null) ?? [],
      notes: query.notes,
      status: queryStatusSchema.parse(query.status),
      ...(query.split === "dev" || query.split === "holdout" ? { split: query.split } : {}),
      source: query.source === null ? null : { logQuery: query.source },
      labels: query.labels.map(fileLabel),
    })),
  } as GoldenSetFile;
}

type ExportedQuery = Awaited<ReturnType<typeof loadExportedQueries>>[number];

function loadExportedQueries(prisma: DbOrTransaction, setId: string) {
  return prisma.query.findMany({
    where: { goldenSetId: setId },
    orderBy: { position: "asc" },
    include: {
      labels: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        include: { document: { select: { externalId: true } }, annotator: { select: { email: true } } },
      },
    },
  });
}

/** corpus.documents: every document version a label was made on, with its content hash, in id order. */
async function referencedDocuments(prisma: DbOrTransaction, queries: readonly ExportedQuery[]) {
  const referenced = new Map<string, { documentId: string; externalId: string; version: number }>();
  for (const query of queries) {
    for (const label of query.labels) {
      referenced.set(`${label.documentId}@${label.documentVersion}`, {
        documentId: label.documentId,
        externalId: label.document.externalId,
        version: label.documentVersion,
      });
    }
  }
  // by document id, a bounded number per statement (a big set references thousands of versions:
  // one OR per version would pass the database's limit of bound parameters)
  const documentIds = [...new Set([...referenced.values()].map((ref) => ref.documentId))];
  const versions = await findInBatches(documentIds, (batch) =>
    prisma.documentVersion.findMany({
      where: { documentId: { in: batch } },
      select: { documentId: true, version: true, contentHash: true },
    }),
  );
  const hashes = new Map(versions.map((row) => [`${row.documentId}@${row.version}`, row.contentHash]));
  return [...referenced.entries()]
    .map(([key, ref]) => ({ id: ref.externalId, version: ref.version, contentHash: hashes.get(key) ?? "" }))
    .sort((a, b) => (a.id === b.id ? a.version - b.version : a.id < b.id ? -1 : 1));
}

/** A label as the file has it: a quote with both selectors, or the whole document. */
function fileLabel(label: ExportedQuery["labels"][number]) {
  return {
    document: label.document.externalId,
    documentVersion: label.documentVersion,
    grade: label.grade,
    annotator: label.annotator?.email ?? null,
    ...(label.adjudicated ? { adjudicated: true } : {}),
    createdAt: label.createdAt.toISOString(),
    updatedAt: label.updatedAt.toISOString(),
    target:
      label.kind === "document" || label.exact === null || label.start === null || label.end === null
        ? { kind: "document" as const }
        : {
            kind: "quote" as const,
            selector: [
              {
                type: "TextQuoteSelector" as const,
                exact: label.exact,
                prefix: label.prefix ?? "",
                suffix: label.suffix ?? "",
              },
              { type: "TextPositionSelector" as const, start: label.start, end: label.end },
            ] as const,
          },
  };
}

/**
 * The version a run evaluates: the current state frozen as its export file. Reuses the latest
 * version when nothing changed since.
 */
export async function freezeGoldenSetVersion(prisma: DbOrTransaction, setId: string) {
  const file = await buildGoldenSetFile(prisma, setId);
  const text = serializeGoldenSetFile(file);
  const hash = createHash("sha256").update(text).digest("hex");
  const latest = await prisma.goldenSetVersion.findFirst({
    where: { goldenSetId: setId },
    orderBy: { number: "desc" },
  });
  if (latest?.contentHash === hash) return latest;
  return prisma.goldenSetVersion.create({
    data: { goldenSetId: setId, number: (latest?.number ?? 0) + 1, contentHash: hash, snapshot: file },
  });
}
