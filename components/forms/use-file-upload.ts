import { useRouter } from "next/navigation";
import { type FormEvent, useRef, useState } from "react";
import type { z } from "zod";
import { safeRedirectPath } from "@/lib/http/safe-redirect-path";
import type { JobView } from "@/lib/jobs/job-view";
import { fillTemplate, interpretUploadResponse, type UploadOutcome } from "./upload-response";

type UploadDone = { jobId: string; job: JobView } | { jobId: null; body: Record<string, unknown> };

/**
 * A refused upload: the message, where in the file the server pointed (when it did), its raw
 * answer (null when the form refused before sending) and the name of the file sent.
 */
export type UploadRefusal = {
  message: string;
  location: string | null;
  body: unknown;
  fileName: string | null;
};

export type UploadState<Done> =
  | { kind: "idle" }
  | { kind: "uploading"; fileName: string; size: number }
  | { kind: "job"; jobId: string }
  | { kind: "done-message"; message: string }
  | { kind: "done"; result: Done }
  | ({ kind: "error" } & UploadRefusal);

/** What the form says before it sends anything. */
type UploadMessages = {
  /** No file chosen. */
  noFile: string;
  /** A file of 0 bytes chosen. */
  emptyFile: string;
};

const defaultMessages: UploadMessages = {
  noFile: "Choose a non-empty file to upload.",
  emptyFile: "Choose a non-empty file to upload.",
};

export type FileUploadOptions<Done> = {
  /** URL of a route handler that takes a multipart POST. */
  action: string;
  /** Multipart field name of the file. Default "file". */
  fileField?: string;
  /** For imports answered synchronously (2xx without `jobId`): where to go, e.g. "/sets/{setId}". */
  redirectTo?: string;
  /** Shown after a synchronous import when there is no `redirectTo`. */
  successMessage?: string;
  /** For client parents: called when the import has finished (job settled, or synchronous result). */
  onDone?: (result: UploadDone) => void;
  messages?: Partial<UploadMessages>;
  /**
   * Reads a synchronous import's answer, kept as the `done` state's result (instead of
   * `successMessage`); an answer it does not read is shown as a refusal.
   */
  doneSchema?: z.ZodType<Done>;
};

/** Posts the form, or says why not; a network failure reads as a refusal like any other. */
async function postForm(action: string, data: FormData): Promise<{ outcome: UploadOutcome; body: unknown }> {
  try {
    const response = await fetch(action, { method: "POST", body: data });
    const body: unknown = await response.json().catch(() => null);
    return { outcome: interpretUploadResponse(response.status, body), body };
  } catch {
    const message = "Could not reach the server. Check your connection and try again.";
    return { outcome: { kind: "error", message, location: null }, body: null };
  }
}

/**
 * The state of FileUploadForm: checks a file was chosen, posts the form, then follows the
 * background job the route started, or goes where `redirectTo` says, or keeps the synchronous
 * answer (resetting the form and refreshing the page's server data).
 */
export function useFileUpload<Done>(options: FileUploadOptions<Done>) {
  const { action, fileField = "file" } = options;
  const messages = { ...defaultMessages, ...options.messages };
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<UploadState<Done>>({ kind: "idle" });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get(fileField);
    if (!(file instanceof File) || file.size === 0) {
      // an empty file input still submits a nameless 0-byte File
      const chosen = file instanceof File && file.name !== "";
      const message = chosen ? messages.emptyFile : messages.noFile;
      setState({ kind: "error", message, location: null, body: null, fileName: null });
      return;
    }
    setState({ kind: "uploading", fileName: file.name, size: file.size });
    const { outcome, body } = await postForm(action, data);
    if (outcome.kind === "error") {
      setState({ ...outcome, body, fileName: file.name });
      return;
    }
    const read = outcome.kind === "done" && options.doneSchema ? options.doneSchema.safeParse(body) : null;
    if (read && !read.success) {
      const message = "The server's answer could not be read; try again.";
      setState({ kind: "error", message, location: null, body, fileName: file.name });
      return;
    }
    formRef.current?.reset();
    if (outcome.kind === "job") {
      setState(outcome);
      return;
    }
    options.onDone?.({ jobId: null, body: outcome.body });
    const target = options.redirectTo ? fillTemplate(options.redirectTo, outcome.body) : null;
    if (target) {
      router.push(safeRedirectPath(target)); // filled in from the response: a path on this site only
      return;
    }
    setState(
      read?.success
        ? { kind: "done", result: read.data }
        : { kind: "done-message", message: options.successMessage ?? "Upload complete." },
    );
    router.refresh();
  }

  return { state, formRef, submit };
}
