"use client";

import { Kbd } from "@/components/ui/kbd";
import { judgeChoiceLabel } from "@/lib/labeling/judge-suggestions";
import type { JudgeSuggestions } from "./use-judge-suggestions";

/**
 * Under the candidates' header: the judge to ask (a small picker, remembered), "Ask the judge" (M)
 * with a spinner while it answers, and what it answered or why it could not.
 */
export function JudgeAskBar({ judge }: { judge: JudgeSuggestions }) {
  const { judges, judgeId, asking, error, summary } = judge;
  return (
    <div className="shrink-0 space-y-1 border-zinc-100 border-b px-3 py-2" data-testid="judge-ask-bar">
      <div className="flex items-center gap-1.5">
        <label className="min-w-0 flex-1">
          <span className="sr-only">Judge</span>
          <select
            value={judgeId ?? ""}
            onChange={(event) => judge.pick(event.target.value)}
            disabled={asking}
            data-testid="judge-picker"
            className="h-7 w-full min-w-0 truncate rounded-md border border-zinc-200 bg-white px-1.5 text-xs text-zinc-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {judges.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {judgeChoiceLabel(choice)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          onClick={judge.ask}
          disabled={asking || !judgeId}
          aria-busy={asking}
          data-testid="ask-judge"
          title="Send the top candidates' best passages to the judge; its grades appear as suggestions"
          className="inline-flex h-7 shrink-0 items-center gap-1.5 rounded-md border border-violet-200 bg-violet-50 px-2 font-medium text-violet-800 text-xs hover:bg-violet-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:pointer-events-none disabled:opacity-60"
        >
          {asking ? (
            <span
              className="size-3 animate-spin rounded-full border-2 border-violet-300 border-t-violet-700"
              aria-hidden="true"
            />
          ) : null}
          {asking ? "Asking…" : "Ask the judge"}
          {asking ? null : <Kbd>M</Kbd>}
        </button>
      </div>
      {error ? (
        <p className="text-[11px] text-red-700" role="alert" data-testid="judge-error">
          {error}
        </p>
      ) : summary ? (
        <p className="text-[11px] text-zinc-500" data-testid="judge-summary">
          {summary}. Open a candidate and press <Kbd>A</Kbd> to accept its grade.
        </p>
      ) : null}
    </div>
  );
}
