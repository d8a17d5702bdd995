import type { DbOrTransaction } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { modelAnnotatorName } from "@/lib/judging/model-annotator";

/**
 * One judge answer about a passage of this query, for a person to accept in the workspace: what
 * decides the label it would make, who the judge is (`model:<name>`, as its own labels are
 * credited) and the document's current version. Not found: unknown, or of another query or set.
 */
export async function findQueryJudgment(
  prisma: DbOrTransaction,
  options: { setId: string; queryId: string; judgmentId: string },
) {
  const judgment = await prisma.modelJudgment.findUnique({
    where: { id: options.judgmentId },
    include: { judge: { select: { name: true, annotator: { select: { email: true } } } } },
  });
  if (!judgment || judgment.queryId !== options.queryId || judgment.goldenSetId !== options.setId)
    throw new AppError("not_found", "No such judge suggestion for this query: ask the judge again.");
  const document = await prisma.document.findUnique({
    where: { id: judgment.documentId },
    select: { version: true },
  });
  return {
    id: judgment.id,
    documentId: judgment.documentId,
    documentVersion: judgment.documentVersion,
    currentVersion: document?.version ?? null,
    start: judgment.start,
    end: judgment.end,
    wholeDocument: judgment.wholeDocument,
    status: judgment.status,
    grade: judgment.grade,
    quote: judgment.quote,
    judge: judgment.judge.annotator.email || modelAnnotatorName(judgment.judge.name),
  };
}
