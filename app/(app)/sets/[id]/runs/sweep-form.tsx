"use client";

import { useActionState, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { CardBody, CardHeader } from "@/components/ui/card";
import { defaultRetrievers, type RetrievalConfig } from "@/lib/configs/config-schema";
import {
  parseAxisValues,
  SWEEP_AXIS_OPTIONS,
  SWEEP_MAX_POINTS,
  type SweepRetrieverKind,
} from "@/lib/configs/sweep-schema";
import { createSweepAction, type SweepFormState } from "./sweep-actions";

const inputClass =
  "mt-1 w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm tabular-nums shadow-xs focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30";
const labelClass = "block text-xs font-medium text-zinc-600";

function NumberField(props: { name: string; label: string; value: number; step?: string }) {
  return (
    <label className={labelClass}>
      {props.label}
      <input
        className={inputClass}
        type="number"
        name={props.name}
        defaultValue={props.value}
        step={props.step ?? "1"}
        required
      />
    </label>
  );
}

/** Points of the grid as typed so far, or why the values cannot be read. */
function countPoints(axes: { path: string; values: string }[]): { points?: number; error?: string } {
  let points = 1;
  for (const axis of axes.filter((item) => item.path)) {
    try {
      points *= parseAxisValues(axis.values).length;
    } catch (error) {
      return { error: `${axis.path}: ${(error as Error).message}` };
    }
  }
  return { points };
}

/**
 * A grid of runs as one job: the base configuration (as in the evaluate form) and up to two axes,
 * each a setting and its values ("200, 400, 800" or a range "0:1:0.25"). Rendered as its own
 * section inside the evaluate page's card.
 */
export function SweepForm({ setId, base }: { setId: string; base: RetrievalConfig }) {
  const action = useMemo(() => createSweepAction.bind(null, setId), [setId]);
  const [state, formAction, pending] = useActionState<SweepFormState, FormData>(action, {});
  // the base starts from the set's latest chunking and top k, and the default of each retriever
  const defaults = {
    k1: defaultRetrievers.bm25.k1,
    b: defaultRetrievers.bm25.b,
    lsaDimensions: defaultRetrievers.dense.provider.dimensions,
    rrfK: defaultRetrievers.hybrid.fusion.k,
  };
  const [retrieverKind, setRetrieverKind] = useState<SweepRetrieverKind>("bm25");
  const [fusion, setFusion] = useState<"rrf" | "weighted">("rrf");
  const [axes, setAxes] = useState([
    { id: "axis1", path: "chunking.size", values: "200, 400, 800" },
    { id: "axis2", path: "", values: "" },
  ]);
  const options = SWEEP_AXIS_OPTIONS.filter(
    (option) =>
      (option.retrievers as readonly string[]).includes(retrieverKind) &&
      !(option.path === "retriever.fusion.alpha" && fusion !== "weighted") &&
      !(option.path === "retriever.fusion.k" && fusion !== "rrf"),
  );
  // an axis whose setting the chosen retriever lacks falls back to the first option (or none)
  const shown = axes.map((axis, index) => ({
    ...axis,
    path: options.some((option) => option.path === axis.path)
      ? axis.path
      : index === 0
        ? (options[0]?.path ?? "")
        : "",
  }));
  const count = countPoints(shown);
  const setAxis = (index: number, change: Partial<{ path: string; values: string }>) =>
    setAxes((current) => current.map((axis, at) => (at === index ? { ...axis, ...change } : axis)));
  const usesBm25 = retrieverKind !== "dense";
  const usesLsa = retrieverKind !== "bm25";

  return (
    <div className="border-zinc-200 border-t" data-testid="sweep-section">
      <CardHeader
        title="Sweep"
        description="A grid of runs evaluated as one job, e.g. chunk size × overlap or fusion alpha from 0 to 1."
      />
      <CardBody>
        <form action={formAction} className="space-y-3" data-testid="sweep-form">
          <label className={labelClass}>
            Sweep name
            <input className={inputClass} name="name" defaultValue="Chunk size sweep" required />
          </label>
          <div className="grid grid-cols-2 gap-3">
            <label className={labelClass}>
              Chunking
              <select className={inputClass} name="strategy" defaultValue={base.chunking.strategy}>
                <option value="fixed-characters">Fixed characters</option>
                <option value="fixed-tokens">Fixed tokens</option>
                <option value="sentence-packed">Sentences packed</option>
                <option value="recursive">Recursive</option>
              </select>
            </label>
            <label className={labelClass}>
              Retriever
              <select
                className={inputClass}
                name="retrieverKind"
                value={retrieverKind}
                onChange={(event) => setRetrieverKind(event.target.value as SweepRetrieverKind)}
              >
                <option value="bm25">BM25</option>
                <option value="dense">Dense: LSA</option>
                <option value="hybrid">Hybrid</option>
              </select>
            </label>
            <NumberField name="chunkSize" label="Chunk size" value={base.chunking.size} />
            <NumberField name="chunkOverlap" label="Overlap" value={base.chunking.overlap} />
            {usesBm25 ? (
              <>
                <NumberField name="k1" label="BM25 k1" value={defaults.k1} step="0.05" />
                <NumberField name="b" label="BM25 b" value={defaults.b} step="0.05" />
              </>
            ) : null}
            {usesLsa ? (
              <NumberField name="lsaDimensions" label="LSA dimensions" value={defaults.lsaDimensions} />
            ) : null}
            {retrieverKind === "hybrid" ? (
              <label className={labelClass}>
                Fusion
                <select
                  className={inputClass}
                  name="fusion"
                  value={fusion}
                  onChange={(event) => setFusion(event.target.value as "rrf" | "weighted")}
                >
                  <option value="rrf">RRF</option>
                  <option value="weighted">Weighted (alpha)</option>
                </select>
              </label>
            ) : null}
            {retrieverKind === "hybrid" && fusion === "rrf" ? (
              <NumberField name="rrfK" label="RRF k" value={defaults.rrfK} />
            ) : null}
            <NumberField name="topK" label="top k kept" value={base.topK} />
            <NumberField name="coverage" label="Coverage θ" value={1} step="0.05" />
          </div>
          <label className={labelClass}>
            Scoring
            <select className={inputClass} name="mode" defaultValue="label">
              <option value="label">Label-based</option>
              <option value="document">Document-level</option>
            </select>
          </label>
          {shown.map((axis, index) => (
            <div key={axis.id} className="grid grid-cols-[1fr_1fr] gap-2">
              <label className={labelClass}>
                Axis {index + 1}
                <select
                  className={inputClass}
                  name={`${axis.id}Path`}
                  value={axis.path}
                  onChange={(event) => setAxis(index, { path: event.target.value })}
                  data-testid={`sweep-axis-${index + 1}-path`}
                >
                  {index > 0 ? <option value="">— none —</option> : null}
                  {options.map((option) => (
                    <option key={option.path} value={option.path}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </label>
              <label className={labelClass}>
                Values
                <input
                  className={inputClass}
                  name={`${axis.id}Values`}
                  value={axis.values}
                  placeholder="200, 400 or 0:1:0.25"
                  disabled={!axis.path}
                  onChange={(event) => setAxis(index, { values: event.target.value })}
                  data-testid={`sweep-axis-${index + 1}-values`}
                />
              </label>
            </div>
          ))}
          <label className="flex items-center gap-2 text-xs text-zinc-600">
            <input type="checkbox" name="skipInvalid" defaultChecked />
            Skip invalid points (e.g. overlap ≥ size)
          </label>
          <p
            className={`text-xs ${count.error || (count.points ?? 0) > SWEEP_MAX_POINTS ? "text-red-700" : "text-zinc-500"}`}
            data-testid="sweep-point-count"
          >
            {count.error ??
              `${count.points} ${count.points === 1 ? "point" : "points"}${(count.points ?? 0) > SWEEP_MAX_POINTS ? ` — at most ${SWEEP_MAX_POINTS}` : ""}`}
          </p>
          {state.error ? (
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 px-2 py-1.5 text-red-700 text-xs"
            >
              {state.error}
            </p>
          ) : null}
          <Button type="submit" variant="primary" disabled={pending} data-testid="run-sweep">
            {pending ? "Queuing…" : "Run sweep"}
          </Button>
        </form>
      </CardBody>
    </div>
  );
}
