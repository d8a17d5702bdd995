import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import type { ReasonKind } from "./use-query-flow";

const copy: Record<ReasonKind, { question: string; submit: string; presets: string[] }> = {
  skipped: {
    question: "Why skip this query?",
    submit: "Skip",
    presets: ["Unclear what the user wants", "Come back to it later", "Needs a closer read"],
  },
  cannot_judge: {
    question: "Why can't you judge it?",
    submit: "Can't judge",
    presets: ["Needs domain knowledge I lack", "The query is ambiguous", "The documents are unreadable"],
  },
};

/**
 * Asks for the reason of a skip or a "can't judge" (stored with the annotator's progress): type
 * and press Enter, or take a common reason; Escape cancels.
 */
export function ReasonForm(props: {
  kind: ReasonKind;
  pending: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { question, submit, presets } = copy[props.kind];
  // the form opens on a key press (S) or a click: take the reason at once
  useEffect(() => inputRef.current?.focus(), []);
  return (
    <form
      className="mt-3 flex flex-wrap items-center gap-2 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2"
      data-testid="reason-form"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit(inputRef.current?.value ?? "");
      }}
    >
      <label htmlFor="progress-reason" className="font-medium text-xs text-zinc-700">
        {question}
      </label>
      <input
        id="progress-reason"
        ref={inputRef}
        maxLength={500}
        placeholder="A few words for the engineer and the next annotator"
        className="h-7 min-w-64 flex-1 rounded-md border border-zinc-300 bg-white px-2 text-sm focus:border-brand-500 focus:outline-none"
        data-testid="reason-input"
        onKeyDown={(event) => {
          if (event.key === "Escape") props.onCancel();
        }}
      />
      <div className="flex flex-wrap gap-1">
        {presets.map((preset) => (
          <button
            key={preset}
            type="button"
            className="rounded-full border border-zinc-200 bg-white px-2 py-0.5 text-[11px] text-zinc-600 hover:border-zinc-300 hover:text-zinc-900"
            onClick={() => {
              if (inputRef.current) inputRef.current.value = preset;
              inputRef.current?.focus();
            }}
          >
            {preset}
          </button>
        ))}
      </div>
      <Button type="submit" size="sm" variant="primary" disabled={props.pending} data-testid="reason-submit">
        {submit}
      </Button>
      <Button size="sm" variant="ghost" onClick={props.onCancel}>
        Cancel
      </Button>
    </form>
  );
}
