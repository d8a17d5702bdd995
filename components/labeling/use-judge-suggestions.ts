import { useEffect, useMemo, useState, useTransition } from "react";
import { modelAnnotatorName } from "@/lib/judging/model-annotator";
import {
  chooseJudge,
  pickJudgePassages,
  type SuggestionView,
  suggestionsByDocument,
  summarizeSuggestions,
} from "@/lib/labeling/judge-suggestions";
import type { Candidate, WorkspaceJudge } from "./types";

/** Where the picked judge is remembered between visits (this browser only). */
const JUDGE_STORAGE_KEY = "goldenset.labeling.judge";

/** The judge's answer for a query; `judge` is `model:<name>`, as the history credits it. */
type Answer = { queryId: string; judge: string; suggestions: SuggestionView[]; summary: string };

/**
 * The judge's suggestions for the open query: which judge is picked (remembered in localStorage,
 * else the newest), asking it about the top candidates' passages, and the answer by document.
 * An answer belongs to its query: another query starts with none.
 */
export function useJudgeSuggestions(options: {
  judge: WorkspaceJudge | undefined;
  queryId: string;
  candidates: Candidate[];
}) {
  const { judge, queryId, candidates } = options;
  const judges = judge?.judges ?? [];
  const [judgeId, setJudgeId] = useState<string | null>(() => chooseJudge(judges, null));
  const [asking, startAsking] = useTransition();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<{ queryId: string; message: string } | null>(null);

  // localStorage is read after hydration, so the server's first render and the client's agree.
  useEffect(() => {
    const remembered = window.localStorage.getItem(JUDGE_STORAGE_KEY);
    setJudgeId((current) => chooseJudge(judge?.judges ?? [], remembered) ?? current);
  }, [judge?.judges]);

  function pick(id: string) {
    setJudgeId(id);
    window.localStorage.setItem(JUDGE_STORAGE_KEY, id);
  }

  function ask() {
    if (!judge || !judgeId || asking) return;
    const passages = pickJudgePassages(candidates);
    if (passages.length === 0) {
      setError({
        queryId,
        message: "There are no candidates to ask the judge about: search the corpus instead.",
      });
      return;
    }
    setError(null);
    const asked = judges.find((choice) => choice.id === judgeId);
    const judgeName = modelAnnotatorName(asked?.name ?? "judge");
    startAsking(async () => {
      try {
        const outcome = await judge.ask({ judgeId, passages });
        if (!outcome.ok) {
          setError({ queryId, message: outcome.error });
          return;
        }
        const suggestions = outcome.data?.suggestions ?? [];
        setAnswer({ queryId, judge: judgeName, suggestions, summary: summarizeSuggestions(suggestions) });
      } catch {
        setError({ queryId, message: "Could not reach the server. Check your connection and try again." });
      }
    });
  }

  const current = answer?.queryId === queryId ? answer : null;
  const byDocument = useMemo(() => suggestionsByDocument(current?.suggestions ?? []), [current]);
  return {
    available: judges.length > 0,
    judges,
    judgeId,
    pick,
    ask,
    asking,
    error: error?.queryId === queryId ? error.message : null,
    summary: current?.summary ?? null,
    /** `model:<name>` of the judge that answered. */
    answeredBy: current?.judge ?? null,
    byDocument,
  };
}

export type JudgeSuggestions = ReturnType<typeof useJudgeSuggestions>;
