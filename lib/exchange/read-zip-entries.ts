import { basename } from "node:path";
import type { Readable } from "node:stream";
import { type Entry, openPromise, type ZipFile } from "yauzl";
import { AppError } from "@/lib/errors";
import { decompressedByteCap, decompressionCapError } from "./decompression-cap";

/**
 * Zip reading by random access, with yauzl: the central directory at the end of the file lists the
 * entries (zip64 included), then each entry is streamed on demand — stored entries as they are,
 * deflated ones through zlib. Nothing is decompressed until asked for. yauzl checks what the
 * directory claims (sizes, bounds, local headers), turns "\" in names into "/", and refuses names
 * that are absolute or climb out with "..".
 */
export type ZipEntry = {
  name: string; // path inside the archive, "/"-separated; folders end with "/"
  method: number; // 0 stored, 8 deflate; others are refused when opened
  encrypted: boolean;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number; // where the entry starts in the file: what finds it again when it is opened
};

// lazyEntries: the directory is read one entry at a time, when asked; autoClose off: each function
// here closes its zip file in `finally`, however it ends. validateEntrySizes makes yauzl stop a
// deflated entry as soon as it yields more than its announced size (a zip bomb that lies);
// strictFileNames off: "\" in a name becomes "/" (zips made by some .NET versions) instead of an error.
const ZIP_OPTIONS = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false };

export async function listZipEntries(zipPath: string): Promise<ZipEntry[]> {
  const zipfile = await openZip(zipPath);
  try {
    const entries: ZipEntry[] = [];
    await walkDirectory(zipfile, zipPath, (entry) => {
      entries.push({
        name: entry.fileName,
        method: entry.compressionMethod,
        encrypted: entry.isEncrypted(),
        compressedSize: entry.compressedSize,
        uncompressedSize: entry.uncompressedSize,
        localHeaderOffset: entry.relativeOffsetOfLocalHeader,
      });
      return false;
    });
    return entries;
  } finally {
    zipfile.close();
  }
}

/** Streams one entry's uncompressed bytes; a corrupt or truncated entry is AppError("bad_request"). */
export async function* openZipEntry(zipPath: string, entry: ZipEntry): AsyncGenerator<Uint8Array> {
  const label = `"${entry.name}" in ${basename(zipPath)}`;
  if (entry.encrypted) throw new AppError("bad_request", `${label} is encrypted; upload an unencrypted zip`);
  if (entry.method !== 0 && entry.method !== 8) {
    throw new AppError(
      "bad_request",
      `${label} uses zip compression method ${entry.method}; only stored and deflate entries can be read — re-create the zip with standard settings`,
    );
  }
  // a zip bomb announces its size: refused before anything is inflated (and counted below, for one that lies)
  const cap = entry.method === 8 ? decompressedByteCap(entry.compressedSize) : Number.POSITIVE_INFINITY;
  if (entry.uncompressedSize > cap) throw decompressionCapError(label, entry.compressedSize);

  const zipfile = await openZip(zipPath);
  let stream: Readable | undefined;
  try {
    // yauzl streams only an entry read from the same opened file, so the directory is walked again
    const found = await walkDirectory(
      zipfile,
      zipPath,
      (candidate) => candidate.relativeOffsetOfLocalHeader === entry.localHeaderOffset,
    );
    if (found === null) throw new AppError("bad_request", `${label} is no longer in the zip directory`);
    stream = await zipfile.openReadStreamPromise(found);
    let decompressed = 0;
    for await (const chunk of stream) {
      decompressed += (chunk as Buffer).length;
      if (decompressed > cap) throw decompressionCapError(label, entry.compressedSize);
      yield chunk as Buffer;
    }
  } catch (error) {
    throw explainZipError(error, (reason) => damagedEntry(label, reason));
  } finally {
    // also runs when the consumer stops early; destroying the stream releases yauzl's hold on the file
    stream?.destroy();
    zipfile.close();
  }
}

async function openZip(zipPath: string): Promise<ZipFile> {
  try {
    return await openPromise(zipPath, ZIP_OPTIONS);
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") {
      throw new AppError("not_found", `file "${basename(zipPath)}" does not exist`);
    }
    throw explainZipError(error, (reason) =>
      notZip(
        zipPath,
        reason.startsWith("End of central directory record signature not found")
          ? "no zip directory at the end of the file — is it a zip, or truncated?"
          : reason,
      ),
    );
  }
}

/**
 * Reads directory entries one at a time until `stop(entry)` is true; resolves with that entry, or
 * null after the last one. A damaged directory is AppError("bad_request").
 */
function walkDirectory(zipfile: ZipFile, zipPath: string, stop: (entry: Entry) => boolean) {
  return new Promise<Entry | null>((resolve, reject) => {
    // stays attached after the walk: yauzl reports a failed close of the file here too, and an
    // "error" event nobody listens to would crash the process (rejecting a settled promise does nothing)
    zipfile.on("error", (error) => reject(explainZipError(error, (reason) => notZip(zipPath, reason))));
    zipfile.on("entry", (entry: Entry) => (stop(entry) ? resolve(entry) : zipfile.readEntry()));
    zipfile.on("end", () => resolve(null));
    zipfile.readEntry();
  });
}

/** yauzl's and zlib's complaints about the file's content become `badRequest`; system errors (EIO, EMFILE…) pass as they are. */
function explainZipError(error: unknown, badRequest: (reason: string) => AppError): unknown {
  if (error instanceof AppError || !(error instanceof Error) || "syscall" in error) return error;
  return badRequest(error.message);
}

function damagedEntry(label: string, reason: string): AppError {
  if (reason.startsWith("invalid local file header")) {
    return new AppError("bad_request", `${label} is damaged (bad local header)`);
  }
  if (reason.startsWith("file data overflows file bounds") || reason === "unexpected EOF") {
    return new AppError("bad_request", `${label} is truncated: the zip file ends inside it`);
  }
  // validateEntrySizes: the entry inflates to more, or fewer, bytes than the directory announces
  if (/^(too many|not enough) bytes in the stream/.test(reason)) {
    return new AppError("bad_request", `${label} is corrupt: ${reason}`);
  }
  return new AppError("bad_request", `${label} is corrupt or truncated (${reason})`);
}

function notZip(zipPath: string, reason: string): AppError {
  return new AppError("bad_request", `"${basename(zipPath)}" is not a readable zip file: ${reason}`);
}
