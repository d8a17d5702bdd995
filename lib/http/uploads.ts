import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { projectRoot } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { formatByteLimit, UPLOAD_ROUTES, type UploadRouteName } from "@/lib/http/body-limits";
import { assertStorableText } from "@/lib/storable-text";

/** Largest upload accepted unless a route says otherwise: 1 GiB. */
const MAX_UPLOAD_BYTES = 1024 ** 3;

/** Text fields are names and options: 64 KiB each is plenty. */
const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 100;

const NOT_MULTIPART = "Send the upload as multipart/form-data with a `file` field.";

/** An upload saved to disk: its absolute path, the client's file name, its size and sha256. */
export type UploadedFile = { path: string; name: string; size: number; sha256: string };

export type ReadMultipartUploadOptions<Fields, File = UploadedFile> = {
  /** multipart field of the file; default "file" (other file parts are discarded) */
  fileField?: string;
  /** default true; when false, no file (or an empty part with no name) gives `file: undefined` */
  fileRequired?: boolean;
  /**
   * the upload route (lib/http/body-limits.ts UPLOAD_ROUTES): its maxFileBytes is the limit, the
   * same the front check in next.config.ts applies to the whole body
   */
  route?: UploadRouteName;
  /** default: the route's maxFileBytes, else MAX_UPLOAD_BYTES; a larger file is refused and its partial copy deleted */
  maxBytes?: number;
  /** message for a file over maxBytes; default "The file is larger than <maxBytes>." */
  tooLargeMessage?: string;
  /** where the file goes; default data/uploads under the project root */
  directory?: string;
  /** more file fields saved the same way (each under maxBytes), returned in `otherFiles` when sent */
  otherFileFields?: string[];
  /** validates the text fields (zod); when it throws, the saved file is deleted */
  parseFields?(fields: Record<string, string>, file: File): Fields;
};

/**
 * Reads a multipart/form-data request as a stream (never request.formData(), which buffers the
 * whole body): the file part goes straight to `directory/<random><ext>` while its sha256 is
 * computed, the small text fields are collected. Refuses with AppError("bad_request") a
 * non-multipart or malformed body, a missing or empty file, and a file over `maxBytes` (as soon
 * as the limit is crossed). On any failure the partial file is deleted; on success the caller
 * (usually the job reading the file) owns it and deletes it when done.
 */
export async function readMultipartUpload<Fields = Record<string, string>>(
  request: Request,
  options?: ReadMultipartUploadOptions<Fields> & { fileRequired?: true },
): Promise<{ fields: Fields; file: UploadedFile; otherFiles: Record<string, UploadedFile> }>;
export async function readMultipartUpload<Fields = Record<string, string>>(
  request: Request,
  options: ReadMultipartUploadOptions<Fields, UploadedFile | undefined> & { fileRequired: false },
): Promise<{ fields: Fields; file: UploadedFile | undefined; otherFiles: Record<string, UploadedFile> }>;
export async function readMultipartUpload<Fields>(
  request: Request,
  options: ReadMultipartUploadOptions<Fields, UploadedFile | undefined> = {},
): Promise<{ fields: Fields; file: UploadedFile | undefined; otherFiles: Record<string, UploadedFile> }> {
  const fileRequired = options.fileRequired ?? true;
  const fileField = options.fileField ?? "file";
  const maxBytes =
    options.maxBytes ?? (options.route ? UPLOAD_ROUTES[options.route].maxFileBytes : MAX_UPLOAD_BYTES);
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType) || request.body === null)
    throw new AppError("bad_request", NOT_MULTIPART);
  const directory = options.directory ?? path.join(projectRoot(), "data", "uploads");
  await mkdir(directory, { recursive: true });

  const parser = busboy({
    headers: { "content-type": contentType },
    limits: { fileSize: maxBytes, fieldSize: MAX_FIELD_BYTES, fields: MAX_FIELDS },
  });
  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  const fields: Record<string, string> = {};
  let target: string | undefined;
  let saving: Promise<UploadedFile> | undefined;
  let succeeded = false;
  const others = new Map<string, SavingPart>();

  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) {
      source.destroy(new AppError("bad_request", `The field "${name}" is too long.`, { path: [name] }));
      return;
    }
    fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    const other = name !== fileField && (options.otherFileFields ?? []).includes(name) && !others.has(name);
    if ((name !== fileField || saving !== undefined) && !other) {
      stream.resume();
      return;
    }
    const extension = path.extname(info.filename ?? "").toLowerCase();
    const partTarget = path.join(
      /*turbopackIgnore: true*/ directory,
      `${randomUUID()}${/^\.[a-z0-9]{1,10}$/.test(extension) ? extension : ""}`,
    );
    stream.on("limit", () => {
      const tooLarge = tooLargeError(options, maxBytes, name);
      // Stop reading the request at once instead of discarding the rest of a huge body.
      stream.destroy(tooLarge);
      source.destroy(tooLarge);
    });
    const part = saveFilePart(stream, partTarget, info.filename ?? "");
    // Observed below; this keeps an early rejection from counting as unhandled meanwhile.
    part.catch(() => {});
    if (other) others.set(name, { target: partTarget, saving: part });
    else {
      target = partTarget;
      saving = part;
    }
  });

  try {
    await pipeline(source, parser).catch((error: unknown) => {
      throw error instanceof AppError
        ? error
        : new AppError(
            "bad_request",
            `The upload is not a readable multipart form (${(error as Error).message}).`,
          );
    });
    const file = await chosenFile(await saving, { fileRequired, fileField });
    const otherFiles = await chosenOtherFiles(others);
    assertStorableText(fields);
    const parsed = options.parseFields ? options.parseFields(fields, file) : (fields as Fields);
    succeeded = true;
    return { fields: parsed, file, otherFiles };
  } finally {
    if (!succeeded)
      await discardParts([...(target && saving ? [{ target, saving }] : []), ...others.values()]);
  }
}

/** The refusal of a file part over `maxBytes`: the caller's message, or the limit and the route's name. */
function tooLargeError(
  options: { tooLargeMessage?: string; route?: UploadRouteName },
  maxBytes: number,
  field: string,
): AppError {
  const route = options.route ? `, the limit for ${UPLOAD_ROUTES[options.route].what}` : "";
  return new AppError(
    "bad_request",
    options.tooLargeMessage ?? `The file is larger than ${formatByteLimit(maxBytes)}${route}.`,
    { path: [field] },
  );
}

/**
 * The main file part as saved, or undefined when none was chosen and none is required (a browser
 * sends an empty part without a name then; its empty file is removed). Refuses a missing required
 * file and an empty one.
 */
async function chosenFile(
  file: UploadedFile | undefined,
  options: { fileRequired: boolean; fileField: string },
): Promise<UploadedFile | undefined> {
  if (file?.size === 0 && file.name === "" && !options.fileRequired) {
    await rm(file.path, { force: true });
    return undefined;
  }
  if (file === undefined && options.fileRequired)
    throw new AppError("bad_request", "Choose a file to upload", { path: [options.fileField] });
  if (file?.size === 0) {
    throw new AppError("bad_request", file.name === "" ? "Choose a file to upload" : "The file is empty", {
      path: [options.fileField],
    });
  }
  return file;
}

type SavingPart = { target: string; saving: Promise<UploadedFile> };

/** The other file parts as saved, by field; an empty part without a name (not chosen) removed. */
async function chosenOtherFiles(
  others: ReadonlyMap<string, SavingPart>,
): Promise<Record<string, UploadedFile>> {
  const files: Record<string, UploadedFile> = {};
  for (const [name, part] of others) {
    const saved = await part.saving;
    if (saved.size === 0 && saved.name === "") await rm(saved.path, { force: true });
    else files[name] = saved;
  }
  return files;
}

/** A failed upload's file parts removed, once each has stopped writing. */
async function discardParts(parts: readonly SavingPart[]): Promise<void> {
  for (const part of parts) {
    await part.saving.catch(() => {});
    await rm(part.target, { force: true });
  }
}

async function saveFilePart(stream: Readable, target: string, name: string): Promise<UploadedFile> {
  const hash = createHash("sha256");
  let size = 0;
  await pipeline(
    stream,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(target),
  );
  return { path: target, name, size, sha256: hash.digest("hex") };
}
