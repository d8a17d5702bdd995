"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { JobProgress } from "@/components/jobs/job-progress";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { safeRedirectPath } from "@/lib/http/safe-redirect-path";
import type { JobView } from "@/lib/jobs/job-view";
import { fillTemplate, formatBytes, interpretUploadResponse, type UploadOutcome } from "./upload-response";

type UploadDone = { jobId: string; job: JobView } | { jobId: null; body: Record<string, unknown> };

type FileUploadFormProps = {
  /** URL of a route handler that takes a multipart POST. */
  action: string;
  submitLabel: string;
  /** Extra form controls (names, formats…), sent along with the file. */
  fields?: ReactNode;
  /** The file input's `accept`, e.g. ".jsonl,.zip". */
  accept?: string;
  /** Label of the file input. */
  fileLabel?: string;
  /** Hint under the file input, e.g. the expected format. */
  fileHint?: ReactNode;
  /** Multipart field name of the file. Default "file". */
  fileField?: string;
  /** For imports answered synchronously (2xx without `jobId`): where to go, e.g. "/sets/{setId}". */
  redirectTo?: string;
  /** Shown after a synchronous import when there is no `redirectTo`. */
  successMessage?: string;
  /** For client parents: called when the import has finished (job settled, or synchronous result). */
  onDone?: (result: UploadDone) => void;
};

type UploadState =
  | { kind: "idle" }
  | { kind: "uploading"; fileName: string; size: number }
  | { kind: "done-message"; message: string }
  | UploadOutcome;

/** Uploads a file to an import route and follows the background job it starts. */
export function FileUploadForm(props: FileUploadFormProps) {
  const { action, submitLabel, fields, accept, fileField = "file" } = props;
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const inputId = useId();
  const [state, setState] = useState<UploadState>({ kind: "idle" });
  const uploading = state.kind === "uploading";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get(fileField);
    if (!(file instanceof File) || file.size === 0) {
      setState({ kind: "error", message: "Choose a non-empty file to upload.", location: null });
      return;
    }
    setState({ kind: "uploading", fileName: file.name, size: file.size });
    let outcome: UploadOutcome;
    try {
      const response = await fetch(action, { method: "POST", body: data });
      const body: unknown = await response.json().catch(() => null);
      outcome = interpretUploadResponse(response.status, body);
    } catch {
      outcome = {
        kind: "error",
        message: "Could not reach the server. Check your connection and try again.",
        location: null,
      };
    }
    if (outcome.kind === "error") {
      setState(outcome);
      return;
    }
    formRef.current?.reset();
    if (outcome.kind === "job") {
      setState(outcome);
      return;
    }
    props.onDone?.({ jobId: null, body: outcome.body });
    const target = props.redirectTo ? fillTemplate(props.redirectTo, outcome.body) : null;
    if (target) {
      router.push(safeRedirectPath(target)); // filled in from the response: a path on this site only
      return;
    }
    setState({ kind: "done-message", message: props.successMessage ?? "Upload complete." });
    router.refresh();
  }

  return (
    <div className="space-y-3">
      <form ref={formRef} onSubmit={submit} className="space-y-3" encType="multipart/form-data">
        {fields}
        <Field label={props.fileLabel ?? "File"} htmlFor={inputId} hint={props.fileHint}>
          <Input
            type="file"
            name={fileField}
            accept={accept}
            required
            disabled={uploading}
            data-testid="upload-file"
          />
        </Field>
        <Button type="submit" variant="primary" disabled={uploading} data-testid="upload-submit">
          {uploading ? "Uploading…" : submitLabel}
        </Button>
      </form>

      {state.kind === "uploading" ? (
        <div aria-live="polite" className="space-y-1" data-testid="upload-progress">
          <p className="text-xs text-zinc-600">
            Uploading {state.fileName}{" "}
            <span className="text-zinc-400 tabular-nums">({formatBytes(state.size)})</span>…
          </p>
          <div className="h-1.5 w-full overflow-hidden rounded-full bg-zinc-100">
            <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-400" />
          </div>
        </div>
      ) : null}
      {state.kind === "job" ? (
        <JobProgress
          key={state.jobId}
          jobId={state.jobId}
          onSettled={(job) => props.onDone?.({ jobId: job.id, job })}
        />
      ) : null}
      {state.kind === "done-message" ? (
        <Alert tone="success" data-testid="upload-done">
          {state.message}
        </Alert>
      ) : null}
      {state.kind === "error" ? (
        <Alert tone="error" title="Upload failed" data-testid="upload-error">
          <p>{state.message}</p>
          {state.location ? (
            <p className="mt-1 font-mono text-[11px]" data-testid="upload-error-location">
              at {state.location}
            </p>
          ) : null}
        </Alert>
      ) : null}
    </div>
  );
}
