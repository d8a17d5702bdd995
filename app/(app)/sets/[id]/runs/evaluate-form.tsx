"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  configRetrieverKind,
  RETRIEVER_FORM_KINDS,
  RETRIEVER_FORM_LABELS,
  type RetrieverFormFields,
  type RetrieverFormKind,
} from "@/lib/configs/retriever-form-fields";
import { parseAxisValues, SWEEP_AXIS_OPTIONS, SWEEP_MAX_POINTS } from "@/lib/configs/sweep-schema";

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

const CHECKBOXES = ["lowercase", "stopwords", "stem", "rerank", "skipInvalid"] as const;

type Axis = { path: string; values: string };

/** Points of the grid as typed so far (0 without an axis), or why the values cannot be read. */
function countPoints(axes: Axis[]): { points: number; error?: string } {
  const filled = axes.filter((axis) => axis.path && axis.values.trim());
  if (filled.length === 0) return { points: 0 };
  let points = 1;
  for (const axis of filled) {
    try {
      points *= parseAxisValues(axis.values).length;
    } catch (error) {
      return { points: 0, error: `${axis.path}: ${(error as Error).message}` };
    }
  }
  return { points };
}

/**
 * The configuration of a new run: retriever, its parameters, chunking, an optional reranker.
 * Only the fields of the chosen retriever are shown (and sent); the server fills the others'
 * defaults and validates everything. Posted to /api/sets/[id]/runs, which queues the run — or,
 * with sweep axes filled in, to /api/sets/[id]/sweeps: the same configuration as the base of a
 * grid, one run per point, evaluated by one job.
 */
export function EvaluateForm({ setId, defaults, allowList }: Props) {
  const router = useRouter();
  const [kind, setKind] = useState<RetrieverFormKind>(defaults.retrieverKind);
  const [rerank, setRerank] = useState(defaults.rerank);
  const [fusion, setFusion] = useState(defaults.fusion);
  const [axes, setAxes] = useState<Axis[]>([
    { path: "", values: "" },
    { path: "", values: "" },
  ]);
  const axisOptions = SWEEP_AXIS_OPTIONS.filter((option) =>
    (option.retrievers as readonly string[]).includes(configRetrieverKind(kind)),
  ).filter(
    (option) =>
      !option.path.startsWith("retriever.fusion.") ||
      option.path.endsWith(fusion === "rrf" ? ".k" : ".alpha"),
  );
  const grid = countPoints(axes);
  const isSweep = grid.points > 0;
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
      const response = await fetch(`/api/sets/${setId}/${isSweep ? "sweeps" : "runs"}`, {
        method: "POST",
        body: data,
      });
      const body = (await response.json().catch(() => null)) as {
        runId?: string;
        sweepId?: string;
        skipped?: number;
        error?: string;
        location?: { line?: number; path?: string };
      } | null;
      const target = body?.runId
        ? `/runs/${body.runId}`
        : body?.sweepId
          ? `/sweeps/${body.sweepId}${body.skipped ? `?skipped=${body.skipped}` : ""}`
          : null;
      if (!response.ok || !target) {
        const where = body?.location?.line ? ` (line ${body.location.line})` : "";
        setError(`${body?.error ?? `The server answered ${response.status}; try again.`}${where}`);
        return;
      }
      router.push(target);
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
          <>
            <label className="block text-xs font-medium text-zinc-600">
              Fusion
              <select
                className={inputClass}
                name="fusion"
                value={fusion}
                onChange={(event) => setFusion(event.target.value as "rrf" | "weighted")}
                data-testid="field-fusion"
              >
                <option value="rrf">Reciprocal rank (RRF)</option>
                <option value="weighted">Weighted scores</option>
              </select>
            </label>
            {fusion === "rrf" ? (
              <NumberField
                name="rrfK"
                label="RRF k"
                value={defaults.rrfK}
                hint="Σ 1/(k + rank), usually 60"
              />
            ) : (
              <>
                <NumberField
                  name="alpha"
                  label="Alpha"
                  value={defaults.alpha}
                  step="0.05"
                  hint="weight of the dense list; 1 = dense alone"
                />
                <label className="block text-xs font-medium text-zinc-600">
                  Normalization
                  <select className={inputClass} name="normalization" defaultValue={defaults.normalization}>
                    <option value="min-max">min-max</option>
                    <option value="z-score">z-score</option>
                  </select>
                </label>
              </>
            )}
          </>
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
      {axisOptions.length ? (
        <details className="rounded-md border border-zinc-200 p-2" data-testid="sweep-section">
          <summary className="cursor-pointer text-xs font-medium text-zinc-600">
            Sweep: vary one or two settings over a grid
          </summary>
          <div className="mt-2 space-y-2">
            {axes.map((axis, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two fixed slots
              <div key={index} className="grid grid-cols-2 gap-2">
                <label className="block text-xs font-medium text-zinc-600">
                  Axis {index + 1}
                  <select
                    className={inputClass}
                    name={`axis${index + 1}Path`}
                    value={axis.path}
                    onChange={(event) =>
                      setAxes(
                        axes.map((item, at) => (at === index ? { ...item, path: event.target.value } : item)),
                      )
                    }
                    data-testid={`sweep-axis-${index + 1}-path`}
                  >
                    <option value="">— none —</option>
                    {axisOptions.map((option) => (
                      <option key={option.path} value={option.path}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="block text-xs font-medium text-zinc-600">
                  Values
                  <input
                    className={inputClass}
                    name={`axis${index + 1}Values`}
                    value={axis.values}
                    placeholder="200, 400 or 0:1:0.25"
                    disabled={!axis.path}
                    onChange={(event) =>
                      setAxes(
                        axes.map((item, at) =>
                          at === index ? { ...item, values: event.target.value } : item,
                        ),
                      )
                    }
                    data-testid={`sweep-axis-${index + 1}-values`}
                  />
                </label>
              </div>
            ))}
            <Checkbox name="skipInvalid" label="Skip invalid points (e.g. overlap ≥ size)" checked />
            <p
              className={`text-xs ${grid.error || grid.points > SWEEP_MAX_POINTS ? "text-red-700" : "text-zinc-500"}`}
              data-testid="sweep-point-count"
            >
              {grid.error ??
                (grid.points
                  ? `${grid.points} ${grid.points === 1 ? "point" : "points"}, one run each${grid.points > SWEEP_MAX_POINTS ? ` — at most ${SWEEP_MAX_POINTS}` : ""}`
                  : "No axis: a single run.")}
            </p>
          </div>
        </details>
      ) : null}
      {error ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-2 py-1.5 text-red-700 text-xs"
        >
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="primary" disabled={pending} data-testid="run-evaluation">
        {pending ? "Queuing…" : isSweep ? `Run sweep (${grid.points} runs)` : "Run evaluation"}
      </Button>
    </form>
  );
}
