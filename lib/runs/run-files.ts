import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { StoredRunFile } from "@/lib/configs/config-schema";
import { projectRoot } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { openFileStream } from "@/lib/exchange/read-lines";
import { type ImportedRun, readRunFile } from "@/lib/retrieval/imported/read-run-file";

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
 * Takes an uploaded run file (already on disk, see lib/http/uploads.ts), parses it whole — every
 * problem is reported with its line before anything refers to it — and moves it to
 * `directory/<sha256>`. The caller deletes the upload when this throws.
 */
export async function storeRunFile(
  upload: { path: string; name: string; sha256?: string },
  directory = defaultRunFilesDirectory(),
): Promise<{ stored: StoredRunFile; run: ImportedRun }> {
  const run = await readRunFile({ input: openFileStream(upload.path), fileName: upload.name });
  const sha256 = upload.sha256 ?? (await hashFile(upload.path));
  await mkdir(directory, { recursive: true });
  const target = runFilePath(directory, sha256);
  try {
    await rename(upload.path, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await copyFile(upload.path, target); // another file system: copy, then drop the upload
    await rm(upload.path, { force: true });
  }
  return { stored: { name: upload.name, sha256, format: run.format }, run };
}

async function hashFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
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
