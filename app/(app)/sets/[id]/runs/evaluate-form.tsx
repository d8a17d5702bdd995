"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  RETRIEVER_FORM_KINDS,
  RETRIEVER_FORM_LABELS,
  type RetrieverFormFields,
  type RetrieverFormKind,
} from "@/lib/configs/retriever-form-fields";

type Props = {
  setId: string;
  defaults: RetrieverFormFields & {
    name: string;
    strategy: string;
    chunkSize: number;
    chunkOverlap: number;
    topK: number;
    scoreThreshold: number | null;
    coverage: number;
  };
  /** GOLDENSET_OUTBOUND_ALLOWLIST as configured on the server, for the hint under URL fields */
  allowList: string[];
};

const inputClass =
  "mt-1 w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm tabular-nums shadow-xs focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30";

function Hint({ children }: { children: ReactNode }) {
  return <span className="mt-0.5 block font-normal text-[11px] text-zinc-400">{children}</span>;
}

function NumberField(props: {
  name: string;
  label: string;
  value: number | null;
  step?: string;
  hint?: string;
  optional?: boolean;
}) {
  return (
    <label className="block text-xs font-medium text-zinc-600">
      {props.label}
      <input
        className={inputClass}
        type="number"
        name={props.name}
        defaultValue={props.value ?? ""}
        step={props.step ?? "1"}
        required={!props.optional}
        data-testid={`field-${props.name}`}
      />
      {props.hint ? <Hint>{props.hint}</Hint> : null}
    </label>
  );
}

function TextField(props: {
  name: string;
  label: string;
  value: string;
  placeholder?: string;
  hint?: ReactNode;
  required?: boolean;
}) {
  return (
    <label className="col-span-2 block text-xs font-medium text-zinc-600">
      {props.label}
      <input
        className={inputClass}
        name={props.name}
        defaultValue={props.value}
        placeholder={props.placeholder}
        required={props.required}
        spellCheck={false}
        data-testid={`field-${props.name}`}
      />
      {props.hint ? <Hint>{props.hint}</Hint> : null}
    </label>
  );
}

function Checkbox(props: {
  name: string;
  label: string;
  checked: boolean;
  onChange?: (checked: boolean) => void;
}) {
  return (
    <label className="inline-flex items-center gap-1.5 text-xs text-zinc-600">
      <input
        type="checkbox"
        name={props.name}
        defaultChecked={props.checked}
        onChange={(event) => props.onChange?.(event.target.checked)}
        className="size-3.5 accent-brand-600"
        data-testid={`field-${props.name}`}
      />
      {props.label}
    </label>
  );
}

const CHECKBOXES = ["lowercase", "stopwords", "stem", "rerank"] as const;

/**
 * The configuration of a new run: retriever, its parameters, chunking, an optional reranker.
 * Only the fields of the chosen retriever are shown (and sent); the server fills the others'
 * defaults and validates everything. Posted to /api/sets/[id]/runs, which queues the run.
 */
export function EvaluateForm({ setId, defaults, allowList }: Props) {
  const router = useRouter();
  const [kind, setKind] = useState<RetrieverFormKind>(defaults.retrieverKind);
  const [rerank, setRerank] = useState(defaults.rerank);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const usesBm25 = kind === "bm25" || kind === "hybrid" || kind === "hybrid-http";
  const usesLsa = kind === "dense" || kind === "hybrid";
  const usesEmbeddings = kind === "dense-http" || kind === "hybrid-http";
  const usesChunking = kind !== "external" && kind !== "imported";
  const allowed = allowList.length ? allowList.join(", ") : "none";
  const urlHint = (
    <>
      Allowed hosts (GOLDENSET_OUTBOUND_ALLOWLIST): <span className="font-mono">{allowed}</span>
    </>
  );
  const keyHint = "Name of a server environment variable holding the key; never the key itself.";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    for (const name of CHECKBOXES) {
      const box = event.currentTarget.elements.namedItem(name);
      if (box instanceof HTMLInputElement) data.set(name, String(box.checked));
    }
    setPending(true);
    setError(null);
    try {
      const response = await fetch(`/api/sets/${setId}/runs`, { method: "POST", body: data });
      const body = (await response.json().catch(() => null)) as {
        runId?: string;
        error?: string;
        location?: { line?: number; path?: string };
      } | null;
      if (!response.ok || !body?.runId) {
        const where = body?.location?.line ? ` (line ${body.location.line})` : "";
        setError(`${body?.error ?? `The server answered ${response.status}; try again.`}${where}`);
        return;
      }
      router.push(`/runs/${body.runId}`);
    } catch {
      setError("Could not reach the server. Try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3" data-testid="evaluate-form" noValidate>
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
        Retriever
        <select
          className={inputClass}
          name="retrieverKind"
          value={kind}
          onChange={(event) => setKind(event.target.value as RetrieverFormKind)}
          data-testid="retriever-kind"
        >
          {RETRIEVER_FORM_KINDS.map((value) => (
            <option key={value} value={value}>
              {RETRIEVER_FORM_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      {usesChunking ? (
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
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        {usesChunking ? (
          <>
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
          </>
        ) : null}
        {usesBm25 ? (
          <>
            <NumberField name="k1" label="BM25 k1" value={defaults.k1} step="0.05" />
            <NumberField name="b" label="BM25 b" value={defaults.b} step="0.05" />
            <div className="col-span-2 flex flex-wrap gap-x-3 gap-y-1">
              <Checkbox name="lowercase" label="lowercase" checked={defaults.lowercase} />
              <Checkbox name="stopwords" label="stopwords" checked={defaults.stopwords} />
              <Checkbox name="stem" label="Porter stemming" checked={defaults.stem} />
            </div>
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
        {usesEmbeddings ? (
          <>
            <TextField
              name="embeddingBaseUrl"
              label="Embeddings base URL"
              value={defaults.embeddingBaseUrl}
              placeholder="http://localhost:11434/v1"
              hint={<>OpenAI-compatible: requests go to …/embeddings. {urlHint}</>}
              required
            />
            <TextField
              name="embeddingModel"
              label="Model"
              value={defaults.embeddingModel}
              placeholder="text-embedding-3-small"
              required
            />
            <NumberField
              name="embeddingDimensions"
              label="Dimensions"
              value={defaults.embeddingDimensions === "" ? null : Number(defaults.embeddingDimensions)}
              hint="empty = the model's own"
              optional
            />
            <label className="block text-xs font-medium text-zinc-600">
              API key variable
              <input
                className={inputClass}
                name="embeddingApiKeyEnv"
                defaultValue={defaults.embeddingApiKeyEnv}
                placeholder="OPENAI_API_KEY"
                data-testid="field-embeddingApiKeyEnv"
              />
            </label>
          </>
        ) : null}
        {kind === "hybrid" || kind === "hybrid-http" ? (
          <NumberField name="rrfK" label="RRF k" value={defaults.rrfK} hint="Σ 1/(k + rank), usually 60" />
        ) : null}
        {kind === "external" ? (
          <>
            <TextField
              name="externalUrl"
              label="Search endpoint"
              value={defaults.externalUrl}
              placeholder="https://search.internal/api/search"
              hint={
                <>
                  Receives POST {"{ query, top_k }"}, answers [{"{ doc_id, score, text?, start?, end? }"}].{" "}
                  {urlHint}
                </>
              }
              required
            />
            <TextField
              name="externalApiKeyEnv"
              label="API key variable"
              value={defaults.externalApiKeyEnv}
              placeholder="SEARCH_API_KEY"
              hint={keyHint}
            />
          </>
        ) : null}
        {kind === "imported" ? (
          <label className="col-span-2 block text-xs font-medium text-zinc-600">
            Run file
            <input
              type="file"
              name="file"
              accept=".txt,.trec,.run,.jsonl,.gz"
              required
              className="mt-1 block w-full text-xs text-zinc-600 file:mr-3 file:h-7 file:rounded-md file:border file:border-zinc-200 file:bg-white file:px-2.5 file:font-medium file:text-xs file:text-zinc-800 hover:file:bg-zinc-50"
              data-testid="field-file"
            />
            <Hint>
              TREC (<span className="font-mono">qid Q0 docid rank score tag</span>, docid or docid#start-end)
              or JSONL ({"{ query_id | query, doc_id, score, start?, end?, text? }"}); query ids are the
              set&apos;s (q-0001) or its query texts.
            </Hint>
          </label>
        ) : null}
        <NumberField name="topK" label="top k kept" value={defaults.topK} hint="recall@20 needs ≥ 20" />
        <NumberField
          name="scoreThreshold"
          label="Min score"
          value={defaults.scoreThreshold}
          step="any"
          hint="empty = keep all; on the final score"
          optional
        />
        <NumberField
          name="coverage"
          label="Coverage θ"
          value={defaults.coverage}
          step="0.05"
          hint="1.0 = quote wholly in chunk"
        />
      </div>
      <div className="space-y-2 rounded-md border border-zinc-200 p-2">
        <Checkbox
          name="rerank"
          label="Rerank with a /rerank endpoint"
          checked={rerank}
          onChange={setRerank}
        />
        {rerank ? (
          <div className="grid grid-cols-2 gap-3">
            <TextField
              name="rerankBaseUrl"
              label="Rerank base URL"
              value={defaults.rerankBaseUrl}
              placeholder="http://localhost:8080"
              hint={<>Cohere/TEI-compatible: requests go to …/rerank. {urlHint}</>}
              required
            />
            <TextField
              name="rerankModel"
              label="Model"
              value={defaults.rerankModel}
              placeholder="BAAI/bge-reranker-v2-m3"
              required
            />
            <NumberField name="rerankDepth" label="Depth" value={defaults.rerankDepth} hint="≥ top k" />
            <label className="block text-xs font-medium text-zinc-600">
              API key variable
              <input
                className={inputClass}
                name="rerankApiKeyEnv"
                defaultValue={defaults.rerankApiKeyEnv}
                placeholder="COHERE_API_KEY"
                data-testid="field-rerankApiKeyEnv"
              />
            </label>
          </div>
        ) : null}
      </div>
      <label className="block text-xs font-medium text-zinc-600">
        Scoring
        <select className={inputClass} name="mode" defaultValue="label" data-testid="scoring-mode">
          <option value="label">Label-based: quotes resolved to passages</option>
          <option value="document">Document-level: a passage counts for its document</option>
        </select>
      </label>
      {error ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-2 py-1.5 text-red-700 text-xs"
        >
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="primary" disabled={pending} data-testid="run-evaluation">
        {pending ? "Queuing…" : "Run evaluation"}
      </Button>
    </form>
  );
}
