import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { projectRoot } from "@/lib/env";
import { AppError } from "@/lib/errors";

/** The request's multipart form; anything else is a 400, not a 500. */
export async function readMultipartForm(request: Request): Promise<FormData> {
  return request.formData().catch(() => {
    throw new AppError("bad_request", "Send the upload as multipart/form-data with a `file` field.");
  });
}

/**
 * The uploaded file in a multipart form field, checked cheaply before any work: present, a file,
 * not empty. Everything else about its content is the job's business.
 */
export function requireUploadedFile(form: FormData, field = "file"): File {
  const value = form.get(field);
  if (!(value instanceof File) || (value.name === "" && value.size === 0)) {
    throw new AppError("bad_request", "Choose a file to upload", { path: [field] });
  }
  if (value.size === 0) throw new AppError("bad_request", "The file is empty", { path: [field] });
  return value;
}

/**
 * Streams an upload to data/uploads/<random><ext> chunk by chunk and returns its absolute path.
 * The job that reads the file deletes it when done.
 */
export async function saveUpload(file: File): Promise<string> {
  const directory = path.join(projectRoot(), "data", "uploads");
  await mkdir(directory, { recursive: true });
  const extension = path.extname(file.name).toLowerCase();
  const target = path.join(
    directory,
    `${randomUUID()}${/^\.[a-z0-9]{1,10}$/.test(extension) ? extension : ""}`,
  );
  try {
    await pipeline(
      Readable.fromWeb(file.stream() as NodeReadableStream<Uint8Array>),
      createWriteStream(target),
    );
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  return target;
}
