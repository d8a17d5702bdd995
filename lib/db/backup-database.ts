import { existsSync, rmSync, statSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import { AppError } from "@/lib/errors";

/** How long a backup waits, by default, for a writer to let go of the database: 10 minutes. */
const DEFAULT_BACKUP_WAIT_MS = 10 * 60 * 1000;

/** Each attempt waits this long for the lock (SQLite's busy handler) before saying it is waiting. */
const ATTEMPT_BUSY_TIMEOUT_MS = 2000;
const PAUSE_BETWEEN_ATTEMPTS_MS = 500;

/**
 * Copies a SQLite database with `VACUUM INTO`: one read transaction, so the copy is a consistent
 * snapshot of the committed database, and writers that start meanwhile wait for it rather than
 * restart it. While another process holds a write lock (a run saving 300,000 results takes an
 * exclusive lock once its changes outgrow the page cache) the copy cannot start: it retries,
 * telling `onWait` each time, for up to `maxWaitMs`, then gives up with a message that says so
 * and leaves no file. (better-sqlite3's `.backup()` reported a busy source as a finished copy of 0
 * pages and no file, which surfaced as "ENOENT … stat" of the target.) Refuses to overwrite.
 */
export async function backupSqliteDatabase(options: {
  sourceFile: string;
  targetFile: string;
  /** default DEFAULT_BACKUP_WAIT_MS */
  maxWaitMs?: number;
  /** told, in a sentence, each time the copy waits for a writer */
  onWait?: (message: string) => void;
}): Promise<{ bytes: number; pages: number }> {
  const { sourceFile, targetFile } = options;
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_BACKUP_WAIT_MS;
  if (!existsSync(sourceFile)) throw new AppError("not_found", `No database at ${sourceFile}.`);
  if (existsSync(targetFile))
    throw new AppError("conflict", `${targetFile} already exists; choose a new file for the backup.`);
  const source = new Database(sourceFile, { fileMustExist: true, timeout: ATTEMPT_BUSY_TIMEOUT_MS });
  const started = Date.now();
  try {
    for (;;) {
      try {
        source.prepare("VACUUM INTO ?").run(targetFile);
        break;
      } catch (error) {
        rmSync(targetFile, { force: true }); // never leave a partial copy (the file was new)
        if (!isBusy(error)) throw error;
        const waited = Math.round((Date.now() - started) / 1000);
        if (Date.now() - started >= maxWaitMs) {
          throw new AppError(
            "unavailable",
            `The database stayed busy for ${waited} s: another process is writing to it (a run saving its results, an import). Nothing was written to ${targetFile}; try again when the write is done, or wait longer with --wait SECONDS.`,
          );
        }
        options.onWait?.(
          `The database is busy: another process is writing to it. Waiting for the write to finish (${waited} s so far, up to ${Math.round(maxWaitMs / 1000)} s)…`,
        );
        await sleep(PAUSE_BETWEEN_ATTEMPTS_MS);
      }
    }
  } finally {
    source.close();
  }
  return { bytes: statSync(targetFile).size, pages: pageCount(targetFile) };
}

function isBusy(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? "");
  return code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED");
}

function pageCount(file: string): number {
  const copy = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return copy.pragma("page_count", { simple: true }) as number;
  } finally {
    copy.close();
  }
}
