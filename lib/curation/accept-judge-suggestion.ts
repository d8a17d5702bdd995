import type { Db } from "@/lib/db/client";
import { getDocumentVersionText } from "@/lib/db/labels";
import { findQueryJudgment } from "@/lib/db/query-judgments";
import { AppError } from "@/lib/errors";
import { suggestionLabelTarget } from "@/lib/judging/suggestion-label-target";
import { type LabelActor, type SaveLabelResult, saveDocumentLabel, saveQuoteLabel } from "./save-label";

export type AcceptedSuggestion = SaveLabelResult & {
  grade: number;
  /** The label's quote; null for a whole-document label. */
  exact: string | null;
  /** `model:<judge name>`, as the history credits the suggestion. */
  judge: string;
  warning?: string;
};

/**
 * A person accepts the judge's suggestion for a passage of the open query (workspace, issue 23
 * 4c): it becomes *their* label — saved through the same use case as any label they make — with
 * the judge's grade and, for a supported answer, the judge's quote (grade 0: the passage). The
 * history's event names the judge and the judgment (`suggestedBy`). Unsupported and failed
 * answers make no label.
 */
export async function acceptJudgeSuggestion(
  prisma: Db,
  options: { setId: string; queryId: string; judgmentId: string; actor: LabelActor },
): Promise<AcceptedSuggestion> {
  const judgment = await findQueryJudgment(prisma, options);
  if (judgment.currentVersion === null)
    throw new AppError("not_found", "That document is no longer in this set's corpus.");
  if (judgment.currentVersion !== judgment.documentVersion) {
    throw new AppError(
      "conflict",
      `The document changed since the judge read it (now version ${judgment.currentVersion}): ask the judge again.`,
    );
  }
  const text = await getDocumentVersionText(prisma, {
    documentId: judgment.documentId,
    version: judgment.documentVersion,
  });
  if (text === null) throw new AppError("not_found", "That document is no longer in this set's corpus.");
  const target = suggestionLabelTarget(judgment, text);
  if (target.kind === "refused") throw new AppError("conflict", target.refusal);
  const base = {
    setId: options.setId,
    queryId: options.queryId,
    documentId: judgment.documentId,
    documentVersion: judgment.documentVersion,
    grade: target.grade,
    actor: options.actor,
    suggestedBy: { judge: judgment.judge, judgmentId: judgment.id },
  };
  const answer = { grade: target.grade, judge: judgment.judge };
  if (target.kind === "document")
    return { ...(await saveDocumentLabel(prisma, base)), ...answer, exact: null };
  const saved = await saveQuoteLabel(prisma, { ...base, start: target.start, end: target.end });
  return { ...saved, ...answer, exact: text.slice(target.start, target.end) };
}
