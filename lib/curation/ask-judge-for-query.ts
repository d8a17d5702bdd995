import type { Db } from "@/lib/db/client";
import { getQueryInSet } from "@/lib/db/golden-sets";
import { checkDocumentsInSetCorpus } from "@/lib/db/query-judgments";
import { askJudge, type JudgeSuggestion } from "@/lib/judging/ask-judge";
import type { AskJudgeInput, SuggestionView } from "@/lib/labeling/judge-suggestions";

/**
 * The workspace's "ask the judge": the judge grades the given passages of a query of this set
 * (documents of the set's corpus only) and answers suggestions; nothing becomes a label until a
 * person accepts one (accept-judge-suggestion.ts). Pairs the judge version already judged are
 * answered from its cache without a request.
 */
export async function askJudgeForQuery(
  prisma: Db,
  options: AskJudgeInput & { setId: string; queryId: string },
): Promise<SuggestionView[]> {
  await getQueryInSet(prisma, { setId: options.setId, queryId: options.queryId });
  await checkDocumentsInSetCorpus(prisma, {
    setId: options.setId,
    documentIds: options.passages.map((passage) => passage.documentId),
  });
  const suggestions = await askJudge(prisma, {
    judgeId: options.judgeId,
    queryId: options.queryId,
    passages: options.passages,
  });
  return suggestions.map(toSuggestionView);
}

function toSuggestionView(suggestion: JudgeSuggestion): SuggestionView {
  return {
    judgmentId: suggestion.judgmentId,
    documentId: suggestion.documentId,
    start: suggestion.start,
    end: suggestion.end,
    status: suggestion.status,
    grade: suggestion.grade,
    quote: suggestion.quote,
    reason: suggestion.reason,
    quoteSpan: suggestion.selector
      ? { start: suggestion.selector.start, end: suggestion.selector.end }
      : null,
    cached: suggestion.cached,
  };
}
