import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { z } from "zod";
import type { importedRunFileSchema } from "@/lib/configs/config-schema";
import { projectRoot } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { openFileStream } from "@/lib/exchange/read-lines";
import { type ImportedRun, readRunFile } from "@/lib/retrieval/imported/read-run-file";

export type StoredRunFile = z.infer<typeof importedRunFileSchema>;

/** data/run-files under the checkout. */
export function defaultRunFilesDirectory(): string {
  return path.join(projectRoot(), "data", "run-files");
}

/** Where a stored run file lives: content-addressed, so a configuration naming its hash is immutable. */
function runFilePath(directory: string, sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new AppError("bad_request", "not a run file hash");
  return path.join(directory, sha256);
}

/**
 * Streams an uploaded run file to disk while hashing it, parses it whole (every problem is
 * reported with its line before anything refers to it), then moves it to data/run-files/<sha256>.
 * A file that does not parse is deleted and the error thrown.
 */
export async function storeRunFile(
  file: File,
  directory = defaultRunFilesDirectory(),
): Promise<{ stored: StoredRunFile; run: ImportedRun }> {
  await mkdir(directory, { recursive: true });
  const temporary = path.join(directory, `.upload-${randomUUID()}`);
  const hash = createHash("sha256");
  try {
    await pipeline(
      Readable.fromWeb(file.stream() as NodeReadableStream<Uint8Array>),
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      }),
      createWriteStream(temporary),
    );
    const run = await readRunFile({ input: openFileStream(temporary), fileName: file.name });
    const sha256 = hash.digest("hex");
    await rename(temporary, runFilePath(directory, sha256));
    return { stored: { name: file.name, sha256, format: run.format }, run };
  } finally {
    await rm(temporary, { force: true });
  }
}

/** Reads a stored run file back; a missing one (deleted data/ directory) is a clear run failure. */
export async function loadRunFile(stored: StoredRunFile, directory: string): Promise<ImportedRun> {
  const file = runFilePath(directory, stored.sha256);
  try {
    return await readRunFile({ input: openFileStream(file), fileName: stored.name });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new AppError(
        "not_found",
        `the run file ${stored.name} is no longer stored on the server (${file})`,
      );
    throw error;
  }
}
