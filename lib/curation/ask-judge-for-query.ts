import type { Db } from "@/lib/db/client";
import { getQueryInSet } from "@/lib/db/golden-sets";
import type { JudgingServices } from "@/lib/judging/judging-services";
import { askJudge, type JudgeSuggestion } from "@/lib/judging-runs/ask-judge";
import type { AskJudgeInput, SuggestionView } from "@/lib/labeling/judge-suggestions";

/**
 * The workspace's "ask the judge": the judge grades the given passages of a query of this set
 * (askJudge refuses documents outside the set's corpus) and answers suggestions; nothing becomes a label until a
 * person accepts one (accept-judge-suggestion.ts). Pairs the judge version already judged are
 * answered from its cache without a request.
 */
export async function askJudgeForQuery(
  prisma: Db,
  options: AskJudgeInput & { setId: string; queryId: string; services?: JudgingServices },
): Promise<SuggestionView[]> {
  await getQueryInSet(prisma, { setId: options.setId, queryId: options.queryId });
  const suggestions = await askJudge(prisma, {
    judgeId: options.judgeId,
    queryId: options.queryId,
    passages: options.passages,
    services: options.services,
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
