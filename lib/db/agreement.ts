import type { Db, DbOrTransaction } from "@/lib/db/client";
import { loadCurrentDocuments } from "@/lib/db/current-documents";
import { updateSetSettings } from "@/lib/db/golden-sets";
import { AppError } from "@/lib/errors";
import {
  type JudgmentPolicy,
  judgmentPolicySchema,
  type ModelJudgmentsPolicy,
  modelJudgmentsPolicySchema,
} from "@/lib/exchange/golden-set-schema";
import { MODEL_ROLE } from "@/lib/exchange/model-annotator";

// Data access for agreement and adjudication (the use cases are lib/curation/get-set-agreement.ts
// and lib/curation/save-adjudicated-label.ts).

/**
 * Every person's label of a set with its query, document and annotator: what agreement between
 * people is computed from. A judge's labels (annotator of role "model") are left out: how far a
 * judge agrees with people is the judge report's question, not this one.
 */
export function listSetJudgments(prisma: Db, setId: string) {
  return prisma.label.findMany({
    where: {
      query: { goldenSetId: setId },
      OR: [{ annotatorId: null }, { annotator: { role: { not: MODEL_ROLE } } }],
    },
    orderBy: [{ query: { position: "asc" } }, { createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      queryId: true,
      documentId: true,
      documentVersion: true,
      kind: true,
      exact: true,
      prefix: true,
      suffix: true,
      grade: true,
      annotatorId: true,
      adjudicated: true,
      updatedAt: true,
      annotator: { select: { name: true, email: true } },
      query: { select: { key: true, text: true, position: true } },
      document: { select: { externalId: true, title: true } },
    },
  });
}

export type SetJudgmentRow = Awaited<ReturnType<typeof listSetJudgments>>[number];

/**
 * The start of each document's current text (at most `length` characters), by document id; an
 * unknown or deleted document is absent. Batched, so any number of ids stays under the
 * database's limit of bound parameters.
 */
export async function loadDocumentOpenings(
  prisma: Db,
  options: { documentIds: string[]; length: number },
): Promise<Map<string, string>> {
  const documents = await loadCurrentDocuments(prisma, { ids: options.documentIds });
  return new Map(documents.map((document) => [document.id, document.text.slice(0, options.length)]));
}

/** A document of the corpus (else not_found), with its current version number. */
export async function findCorpusDocument(
  prisma: DbOrTransaction,
  options: { corpusId: string; documentId: string },
) {
  const document = await prisma.document.findUnique({
    where: { id: options.documentId },
    select: { id: true, corpusId: true, version: true },
  });
  if (!document || document.corpusId !== options.corpusId) {
    throw new AppError("not_found", "That document is not in this set's corpus.");
  }
  return document;
}

/** The adjudicated labels of one (query, document) pair. */
export function listAdjudicatedLabels(
  prisma: DbOrTransaction,
  options: { queryId: string; documentId: string },
) {
  return prisma.label.findMany({
    where: { queryId: options.queryId, documentId: options.documentId, adjudicated: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/** Sets which judgments count in the set's evaluations (README, "Which judgments count"). */
export async function updateJudgmentPolicy(
  prisma: Db,
  options: { setId: string; policy: JudgmentPolicy },
): Promise<JudgmentPolicy> {
  await updateSetSettings(prisma, options.setId, {
    judgmentPolicy: judgmentPolicySchema.parse(options.policy),
  });
  return options.policy;
}

/** Sets what labels of LLM judges count for in the set's evaluations (lib/eval/count-judgments.ts). */
export async function updateModelJudgmentsPolicy(
  prisma: Db,
  options: { setId: string; modelJudgments: ModelJudgmentsPolicy },
): Promise<ModelJudgmentsPolicy> {
  const modelJudgments = modelJudgmentsPolicySchema.parse(options.modelJudgments);
  await updateSetSettings(prisma, options.setId, { modelJudgments });
  return modelJudgments;
}
