import { JudgeAskBar } from "./judge-ask-bar";
import { JudgeSuggestionChip } from "./judge-suggestion-chip";
import { JudgeSuggestionNote } from "./judge-suggestion-note";
import type { GradeLevel } from "./types";
import type { JudgeSuggestions } from "./use-judge-suggestions";

/**
 * What "ask the judge" adds to the panes: the ask bar and a chip per candidate in the candidates'
 * card, the suggestion's note and quote outline on the open document. Nothing without a judge.
 */
export function judgeSlots(judge: JudgeSuggestions, gradeScale: GradeLevel[], openId: string | null) {
  if (!judge.available) return { candidates: undefined, document: undefined };
  const open = openId ? judge.byDocument.get(openId) : undefined;
  return {
    candidates: {
      bar: <JudgeAskBar judge={judge} />,
      suggestionFor: (documentId: string) => {
        const suggestion = judge.byDocument.get(documentId);
        return suggestion ? <JudgeSuggestionChip suggestion={suggestion} gradeScale={gradeScale} /> : null;
      },
    },
    document: open
      ? {
          note: <JudgeSuggestionNote suggestion={open} gradeScale={gradeScale} />,
          quoteSpan: open.status === "supported" ? open.quoteSpan : null,
        }
      : undefined,
  };
}
