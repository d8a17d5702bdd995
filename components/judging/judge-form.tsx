"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { type ActionState, fieldErrorsOf, initialActionState, submittedValue } from "@/lib/http/action-state";

type SavedJudge = { judgeId: string; name: string; version: number; newVersion: boolean };

type JudgeFormProps = {
  action: (state: ActionState<SavedJudge>, formData: FormData) => Promise<ActionState<SavedJudge>>;
  /** The stored judge's values when editing (judgeFormValues), else empty. */
  values?: Record<string, string>;
  /** When editing: its version, and whether it has judged (then saving makes version + 1). */
  editing?: { version: number; used: boolean };
  promptVersion: string;
  defaults: JudgeDefaults;
};

type FieldSpec = {
  name: string;
  label: string;
  hint?: string;
  placeholder?: string;
  numeric?: boolean;
};

const fields: FieldSpec[] = [
  {
    name: "name",
    label: "Name",
    hint: "Its labels are by the annotator “model:<name>”.",
    placeholder: "gpt-4o-mini judge",
  },
  {
    name: "baseUrl",
    label: "Base URL",
    hint: "OpenAI-compatible, up to the version: requests go to {base}/chat/completions. Its host must be in GOLDENSET_OUTBOUND_ALLOWLIST.",
    placeholder: "https://api.openai.com/v1",
  },
  { name: "model", label: "Model", placeholder: "gpt-4o-mini, llama3.1:8b…" },
  {
    name: "apiKeyVariable",
    label: "API-key variable (optional)",
    hint: "The server environment variable holding the key, allowed in GOLDENSET_KEY_VARIABLES. Local servers such as Ollama need none.",
    placeholder: "OPENAI_API_KEY",
  },
];

/** The defaults the server fills in for blank numbers (JUDGE_LIMITS, passed by the page: the
 * settings schema's module is server-only). */
type JudgeDefaults = { maxTokens: number; concurrency: number; timeoutSeconds: number };

function numberFields(defaults: JudgeDefaults): FieldSpec[] {
  return [
    {
      name: "maxTokens",
      label: "Max tokens",
      numeric: true,
      placeholder: String(defaults.maxTokens),
      hint: `Per answer; default ${defaults.maxTokens}.`,
    },
    {
      name: "concurrency",
      label: "Concurrency",
      numeric: true,
      placeholder: String(defaults.concurrency),
      hint: `Requests at once; default ${defaults.concurrency}.`,
    },
    {
      name: "timeoutSeconds",
      label: "Timeout (s)",
      numeric: true,
      placeholder: String(defaults.timeoutSeconds),
      hint: `Per attempt; default ${defaults.timeoutSeconds}.`,
    },
    {
      name: "maxCalls",
      label: "Budget (max calls)",
      numeric: true,
      placeholder: "none",
      hint: "A job pauses when it is spent. Blank: none.",
    },
  ];
}

/** A judge's settings: new, or an edit of one (a used judge's edit makes its next version). */
export function JudgeForm({ action, values, editing, promptVersion, defaults }: JudgeFormProps) {
  const [state, formAction, pending] = useActionState(action, initialActionState);
  const saved = state.ok ? state.data : undefined;
  const router = useRouter();
  useEffect(() => {
    // an edit leaves edit mode: the list says what was saved, the form is a new judge's again
    if (editing && saved) router.push(`/judges?saved=${encodeURIComponent(saved.judgeId)}`);
  }, [editing, saved, router]);
  const field = (spec: FieldSpec) => (
    <Field
      key={spec.name}
      label={spec.label}
      htmlFor={`judge-${spec.name}`}
      hint={spec.hint}
      error={fieldErrorsOf(state, spec.name)}
    >
      <Input
        name={spec.name}
        defaultValue={submittedValue(state, spec.name) ?? (saved ? "" : values?.[spec.name])}
        placeholder={spec.placeholder}
        inputMode={spec.numeric ? "numeric" : undefined}
        autoComplete="off"
        data-testid={`judge-${spec.name}`}
      />
    </Field>
  );
  return (
    <form
      action={formAction}
      key={saved?.judgeId ?? "form"}
      className="space-y-3"
      noValidate
      data-testid="judge-form"
    >
      {state.ok ? null : (
        <Alert tone="error" data-testid="judge-form-error">
          {state.error}
        </Alert>
      )}
      {saved ? (
        <Alert tone="success" data-testid="judge-saved">
          Saved {saved.name} v{saved.version}
          {saved.newVersion && saved.version > 1 ? " as a new version" : ""}.
        </Alert>
      ) : null}
      {editing?.used ? (
        <Alert tone="info" data-testid="judge-new-version-note">
          This judge has judged: saving a change to what it asks makes version {editing.version + 1}; v
          {editing.version} and its judgments stay as they are.
        </Alert>
      ) : null}
      {fields.map(field)}
      <div className="grid grid-cols-2 gap-3">{numberFields(defaults).map(field)}</div>
      <p className="text-xs text-zinc-500">
        Temperature 0 (always) · prompt version{" "}
        <code className="font-mono text-zinc-700" data-testid="judge-prompt-version">
          {promptVersion}
        </code>{" "}
        (UMBRELA's 0–3 rubric in the set's grade names)
      </p>
      <div className="flex items-center gap-2">
        <Button type="submit" variant="primary" disabled={pending} data-testid="save-judge">
          {pending ? "Saving…" : editing ? "Save changes" : "Create judge"}
        </Button>
        {editing ? (
          <Link href="/judges" className="text-xs text-zinc-600 hover:underline">
            Cancel
          </Link>
        ) : null}
      </div>
    </form>
  );
}
