"use client";

import { type ReactNode, useId } from "react";
import type { z } from "zod";
import { JobProgress } from "@/components/jobs/job-progress";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { formatBytes } from "./upload-response";
import {
  type FileUploadOptions,
  type UploadRefusal,
  type UploadState,
  useFileUpload,
} from "./use-file-upload";

type FileUploadFormProps<Done> = Omit<FileUploadOptions<Done>, "doneSchema"> & {
  submitLabel: string;
  /** The submit button's label while the file is sent. Default "Uploading…". */
  pendingLabel?: string;
  /** Extra form controls (names, formats…) before the file input, sent along with the file. */
  fields?: ReactNode;
  /** Extra form controls after the file input (a second file, an optional name…). */
  afterFile?: ReactNode;
  /** The file input's `accept`, e.g. ".jsonl,.zip". */
  accept?: string;
  /** Label of the file input. */
  fileLabel?: string;
  /** Hint under the file input, e.g. the expected format. */
  fileHint?: ReactNode;
  /**
   * Prefix of the data-testids: `{prefix}-file`, `-submit`, `-progress`, `-done`, `-error`,
   * `-error-location`. Default "upload".
   */
  testIdPrefix?: string;
  /** Classes of the form element (its fields and button); default a vertical stack. */
  formClassName?: string;
  /** Leave required fields to this form's own messages instead of the browser's. */
  noValidate?: boolean;
  /**
   * Reads a synchronous import's answer and shows it instead of `successMessage`; an answer the
   * schema does not read is shown as a refusal.
   */
  done?: { schema: z.ZodType<Done>; render: (result: Done) => ReactNode };
  /** Shows a refusal instead of the "Upload failed" alert, e.g. as a list of problems. */
  renderError?: (refusal: UploadRefusal) => ReactNode;
};

/** Uploads a file to an import route and follows the background job it starts. */
export function FileUploadForm<Done>(props: FileUploadFormProps<Done>) {
  const { submitLabel, fields, afterFile, accept, fileField = "file", testIdPrefix = "upload" } = props;
  const inputId = useId();
  const { state, formRef, submit } = useFileUpload({ ...props, doneSchema: props.done?.schema });
  const uploading = state.kind === "uploading";

  return (
    <div className="space-y-3">
      <form
        ref={formRef}
        onSubmit={submit}
        className={props.formClassName ?? "space-y-3"}
        encType="multipart/form-data"
        noValidate={props.noValidate}
      >
        {fields}
        <Field label={props.fileLabel ?? "File"} htmlFor={inputId} hint={props.fileHint}>
          <Input
            type="file"
            name={fileField}
            accept={accept}
            required
            disabled={uploading}
            data-testid={`${testIdPrefix}-file`}
          />
        </Field>
        {afterFile}
        {/* a block of its own, so a grid form does not stretch the button across its cell */}
        <div>
          <Button type="submit" variant="primary" disabled={uploading} data-testid={`${testIdPrefix}-submit`}>
            {uploading ? (props.pendingLabel ?? "Uploading…") : submitLabel}
          </Button>
        </div>
      </form>
      <UploadStatus
        state={state}
        testIdPrefix={testIdPrefix}
        renderDone={props.done?.render}
        renderError={props.renderError}
        onJobSettled={props.onDone}
      />
    </div>
  );
}

/** Progress of the upload, then of its job, then the answer or the refusal. */
function UploadStatus<Done>({
  state,
  testIdPrefix,
  renderDone,
  renderError,
  onJobSettled,
}: {
  state: UploadState<Done>;
  testIdPrefix: string;
  renderDone: ((result: Done) => ReactNode) | undefined;
  renderError: FileUploadFormProps<Done>["renderError"];
  onJobSettled: FileUploadFormProps<Done>["onDone"];
}) {
  switch (state.kind) {
    case "idle":
      return null;
    case "uploading":
      return (
        <div aria-live="polite" className="space-y-1" data-testid={`${testIdPrefix}-progress`}>
          <p className="text-xs text-zinc-600">
            Uploading {state.fileName}{" "}
            <span className="text-zinc-400 tabular-nums">({formatBytes(state.size)})</span>…
          </p>
          <div className="h-1.5 w-full overflow-hidden rounded-full bg-zinc-100">
            <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-400" />
          </div>
        </div>
      );
    case "job":
      return (
        <JobProgress
          key={state.jobId}
          jobId={state.jobId}
          onSettled={(job) => onJobSettled?.({ jobId: job.id, job })}
        />
      );
    case "done":
      return renderDone?.(state.result) ?? null;
    case "done-message":
      return (
        <Alert tone="success" data-testid={`${testIdPrefix}-done`}>
          {state.message}
        </Alert>
      );
    case "error":
      return renderError ? (
        renderError(state)
      ) : (
        <Alert tone="error" title="Upload failed" data-testid={`${testIdPrefix}-error`}>
          <p>{state.message}</p>
          {state.location ? (
            <p className="mt-1 font-mono text-[11px]" data-testid={`${testIdPrefix}-error-location`}>
              at {state.location}
            </p>
          ) : null}
        </Alert>
      );
  }
}
