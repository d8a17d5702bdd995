"use client";

import { useActionState, useState } from "react";
import { Button } from "@/components/ui/button";
import type { RetrieverFormKind } from "@/lib/configs/retriever-form-fields";
import type { EvaluateFormState } from "./actions";

type Props = {
  action: (state: EvaluateFormState, formData: FormData) => Promise<EvaluateFormState>;
  defaults: {
    name: string;
    strategy: string;
    chunkSize: number;
    chunkOverlap: number;
    topK: number;
    retrieverKind: RetrieverFormKind;
    k1: number;
    b: number;
    lsaDimensions: number;
    rrfK: number;
    coverage: number;
  };
};

const inputClass =
  "mt-1 w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm tabular-nums shadow-xs focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30";

function NumberField(props: { name: string; label: string; value: number; step?: string; hint?: string }) {
  return (
    <label className="block text-xs font-medium text-zinc-600">
      {props.label}
      <input
        className={inputClass}
        type="number"
        name={props.name}
        defaultValue={props.value}
        step={props.step ?? "1"}
        required
      />
      {props.hint ? (
        <span className="mt-0.5 block font-normal text-[11px] text-zinc-400">{props.hint}</span>
      ) : null}
    </label>
  );
}

/**
 * The configuration of a new run: one thing at a time, k fixed by the report. Only the fields of
 * the chosen retriever are shown (and sent); the server fills the others' defaults.
 */
export function EvaluateForm({ action, defaults }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  const [retrieverKind, setRetrieverKind] = useState<RetrieverFormKind>(defaults.retrieverKind);
  const usesBm25 = retrieverKind !== "dense";
  const usesLsa = retrieverKind !== "bm25";
  return (
    <form action={formAction} className="space-y-3" data-testid="evaluate-form">
      <label className="block text-xs font-medium text-zinc-600">
        Configuration name
        <input
          className={inputClass}
          name="name"
          defaultValue={defaults.name}
          required
          data-testid="config-name"
        />
      </label>
      <label className="block text-xs font-medium text-zinc-600">
        Chunking
        <select
          className={inputClass}
          name="strategy"
          defaultValue={defaults.strategy}
          data-testid="chunking-strategy"
        >
          <option value="fixed-characters">Fixed characters</option>
          <option value="fixed-tokens">Fixed tokens</option>
          <option value="sentence-packed">Sentences packed up to a size</option>
          <option value="recursive">Recursive (paragraph → sentence → word)</option>
        </select>
      </label>
      <label className="block text-xs font-medium text-zinc-600">
        Retriever
        <select
          className={inputClass}
          name="retrieverKind"
          value={retrieverKind}
          onChange={(event) => setRetrieverKind(event.target.value as RetrieverFormKind)}
          data-testid="retriever-kind"
        >
          <option value="bm25">BM25</option>
          <option value="dense">Dense: built-in LSA</option>
          <option value="hybrid">Hybrid BM25 + LSA (RRF)</option>
        </select>
      </label>
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          name="chunkSize"
          label="Chunk size"
          value={defaults.chunkSize}
          hint="tokens for fixed tokens, else chars"
        />
        <NumberField
          name="chunkOverlap"
          label="Overlap"
          value={defaults.chunkOverlap}
          hint="same unit as the size"
        />
        {usesBm25 ? (
          <>
            <NumberField name="k1" label="BM25 k1" value={defaults.k1} step="0.05" />
            <NumberField name="b" label="BM25 b" value={defaults.b} step="0.05" />
          </>
        ) : null}
        {usesLsa ? (
          <NumberField
            name="lsaDimensions"
            label="LSA dimensions"
            value={defaults.lsaDimensions}
            hint="8–512, fitted on the chunks"
          />
        ) : null}
        {retrieverKind === "hybrid" ? (
          <NumberField name="rrfK" label="RRF k" value={defaults.rrfK} hint="Σ 1/(k + rank), usually 60" />
        ) : null}
        <NumberField name="topK" label="top k kept" value={defaults.topK} hint="recall@20 needs ≥ 20" />
        <NumberField
          name="coverage"
          label="Coverage θ"
          value={defaults.coverage}
          step="0.05"
          hint="1.0 = quote wholly in chunk"
        />
      </div>
      <label className="block text-xs font-medium text-zinc-600">
        Scoring
        <select className={inputClass} name="mode" defaultValue="label" data-testid="scoring-mode">
          <option value="label">Label-based: quotes resolved to chunks</option>
          <option value="document">Document-level: a chunk counts for its document</option>
        </select>
      </label>
      {state.error ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-2 py-1.5 text-red-700 text-xs"
        >
          {state.error}
        </p>
      ) : null}
      <Button type="submit" variant="primary" disabled={pending} data-testid="run-evaluation">
        {pending ? "Queuing…" : "Run evaluation"}
      </Button>
    </form>
  );
}
