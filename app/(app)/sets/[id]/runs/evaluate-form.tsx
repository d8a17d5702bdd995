"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { checkEvaluateForm } from "@/components/evaluate/check-evaluate-form";
import { ChunkingFields } from "@/components/evaluate/chunking-fields";
import { describeFormConfig } from "@/components/evaluate/describe-form-config";
import { FieldErrorsContext, SelectField, TextField } from "@/components/evaluate/evaluate-controls";
import { readEvaluateResponse, textFieldsOf } from "@/components/evaluate/evaluate-response";
import {
  type FormIssue,
  issueContextOf,
  placeIssues,
  SWEEP_GRID_FIELD,
} from "@/components/evaluate/form-issues";
import { RerankerFields } from "@/components/evaluate/reranker-fields";
import { RetrieverFields } from "@/components/evaluate/retriever-fields";
import { retrieverUses } from "@/components/evaluate/retriever-uses";
import { ScoringFields } from "@/components/evaluate/scoring-fields";
import { SweepFields } from "@/components/evaluate/sweep-fields";
import {
  type Axis,
  activeAxes,
  axisOptionsFor,
  countPoints,
  isSweep,
} from "@/components/evaluate/sweep-grid";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
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
    prependTitle: boolean;
    topK: number;
    scoreThreshold: number | null;
    ignoreIdenticalIds: boolean;
    coverage: number;
  };
  /** GOLDENSET_OUTBOUND_ALLOWLIST as configured on the server, for the hint under URL fields */
  allowList: string[];
  /** The defaults' summary line, shown until the form has rendered in the browser. */
  initialSummary: string;
};

/** What the form says after a refused submit: lines for its alert, and problems beside inputs. */
type Problems = { alert: string[]; byField: ReadonlyMap<string, readonly string[]> };

const NO_PROBLEMS: Problems = { alert: [], byField: new Map() };
const CHECKBOXES = [
  "lowercase",
  "stopwords",
  "stem",
  "prependTitle",
  "ignoreIdenticalIds",
  "rerank",
  "skipInvalid",
] as const;

/** The form's data as it is posted: every checkbox as "true" or "false". */
function postedData(form: HTMLFormElement): FormData {
  const data = new FormData(form);
  for (const name of CHECKBOXES) {
    const box = form.elements.namedItem(name);
    if (box instanceof HTMLInputElement) data.set(name, String(box.checked));
  }
  return data;
}

/** The summary line of the configuration the form holds now (null: not a valid one yet). */
function summaryOf(form: HTMLFormElement): string | null {
  const data = postedData(form);
  const file = data.get("file");
  return describeFormConfig({
    fields: textFieldsOf(data),
    runFileName: file instanceof File && file.size > 0 ? file.name : undefined,
  });
}

/**
 * The summary line of the form's configuration, kept to its fields: recomputed on every edit and
 * after every render, since a switch of retriever, fusion or chunking renders other fields (an
 * unchanged string re-renders nothing).
 */
function useConfigSummary(initialSummary: string) {
  const formRef = useRef<HTMLFormElement>(null);
  const [summary, setSummary] = useState<string | null>(initialSummary);
  useEffect(() => {
    if (formRef.current) setSummary(summaryOf(formRef.current));
  });
  const onChange = (event: FormEvent<HTMLFormElement>) => setSummary(summaryOf(event.currentTarget));
  return { formRef, summary, onChange };
}

function RunButton({ pending, axes }: { pending: boolean; axes: Axis[] }) {
  const points = countPoints(axes).points;
  return (
    <Button type="submit" variant="primary" disabled={pending} data-testid="run-evaluation">
      {pending
        ? "Queuing…"
        : isSweep(axes)
          ? `Run sweep${points ? ` (${points} ${points === 1 ? "run" : "runs"})` : ""}`
          : "Run evaluation"}
    </Button>
  );
}

/**
 * Checks the form in the browser with the server's schemas, then posts it to the run or sweep
 * route; what is refused comes back beside its input or in the alert.
 */
function useSubmit(setId: string, hasSweepFields: boolean) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);

  /** Problems beside the inputs shown; the rest, and `message`, in the alert. */
  function show(form: HTMLFormElement, issues: FormIssue[], message: string) {
    const isShown = (field: string) =>
      field === SWEEP_GRID_FIELD ? hasSweepFields : form.elements.namedItem(field) !== null;
    const { byField, unplaced } = placeIssues(issues, isShown);
    setProblems({ alert: [message, ...unplaced], byField });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = postedData(form);
    const fields = textFieldsOf(data);
    const file = data.get("file");
    const issues = checkEvaluateForm({ fields, hasRunFile: file instanceof File && file.size > 0 });
    if (issues.length > 0) {
      show(
        form,
        issues,
        `Not sent: ${issues.length === 1 ? "1 problem" : `${issues.length} problems`} to fix.`,
      );
      return;
    }
    const context = issueContextOf(fields);
    setPending(true);
    setProblems(NO_PROBLEMS);
    try {
      const endpoint = context.axisSlots.length > 0 ? "sweeps" : "runs";
      const response = await fetch(`/api/sets/${setId}/${endpoint}`, { method: "POST", body: data });
      const body: unknown = await response.json().catch(() => null);
      const outcome = readEvaluateResponse(response.status, body, context);
      if (outcome.kind === "queued") router.push(outcome.target);
      else show(form, outcome.issues, outcome.message);
    } catch {
      setProblems({ alert: ["Could not reach the server. Try again."], byField: new Map() });
    } finally {
      setPending(false);
    }
  }

  return { submit, pending, problems };
}

/**
 * The configuration of a new run: retriever, its parameters, chunking, an optional reranker.
 * Only the fields of the chosen retriever are shown (and sent); the server fills the others'
 * defaults. Checked in the browser with the server's schemas (check-evaluate-form.ts), then
 * posted to /api/sets/[id]/runs, which queues the run — or, with sweep axes filled in, to
 * /api/sets/[id]/sweeps: the same configuration as the base of a grid, one run per point.
 */
export function EvaluateForm({ setId, defaults, allowList, initialSummary }: Props) {
  const { formRef, summary, onChange } = useConfigSummary(initialSummary);
  const [kind, setKind] = useState<RetrieverFormKind>(defaults.retrieverKind);
  const [fusion, setFusion] = useState(defaults.fusion);
  const [strategy, setStrategy] = useState(defaults.strategy);
  const [typedAxes, setAxes] = useState<Axis[]>([
    { path: "", values: "" },
    { path: "", values: "" },
  ]);
  const axisOptions = axisOptionsFor(kind, fusion, strategy);
  const { submit, pending, problems } = useSubmit(setId, axisOptions.length > 0);
  const axes = activeAxes(typedAxes, axisOptions);
  const allowed = allowList.length ? allowList.join(", ") : "none";
  const urlHint = (
    <>
      Allowed hosts (GOLDENSET_OUTBOUND_ALLOWLIST): <span className="font-mono">{allowed}</span>
    </>
  );

  const uses = retrieverUses(kind);
  return (
    <FieldErrorsContext value={problems.byField}>
      <form
        ref={formRef}
        onSubmit={submit}
        onChange={onChange}
        className="space-y-3"
        data-testid="evaluate-form"
        noValidate
      >
        <p
          className={cx(
            "rounded-md bg-zinc-50 px-2.5 py-1.5 text-xs",
            summary ? "text-zinc-700" : "text-amber-700",
          )}
          aria-live="polite"
          data-testid="config-summary"
        >
          {summary ?? "Not a valid configuration yet: running it lists what to fix."}
        </p>
        <TextField
          name="name"
          label="Configuration name"
          value={defaults.name}
          required
          className=""
          testId="config-name"
        />
        <SelectField
          name="retrieverKind"
          label="Retriever"
          value={kind}
          onChange={(value) => setKind(value as RetrieverFormKind)}
          testId="retriever-kind"
        >
          {RETRIEVER_FORM_KINDS.map((value) => (
            <option key={value} value={value}>
              {RETRIEVER_FORM_LABELS[value]}
            </option>
          ))}
        </SelectField>
        {uses.chunking ? (
          <ChunkingFields
            strategy={strategy}
            onStrategyChange={setStrategy}
            size={defaults.chunkSize}
            overlap={defaults.chunkOverlap}
            prependTitle={defaults.prependTitle}
          />
        ) : null}
        <RetrieverFields
          kind={kind}
          defaults={defaults}
          fusion={fusion}
          onFusionChange={setFusion}
          urlHint={urlHint}
        />
        <RerankerFields defaults={defaults} urlHint={urlHint} />
        <ScoringFields
          topK={defaults.topK}
          scoreThreshold={defaults.scoreThreshold}
          ignoreIdenticalIds={defaults.ignoreIdenticalIds}
          coverage={defaults.coverage}
        />
        {axisOptions.length ? <SweepFields axes={axes} options={axisOptions} onAxesChange={setAxes} /> : null}
        {problems.alert.length > 0 ? (
          <Alert tone="error" compact>
            {problems.alert.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </Alert>
        ) : null}
        <RunButton pending={pending} axes={axes} />
      </form>
    </FieldErrorsContext>
  );
}
