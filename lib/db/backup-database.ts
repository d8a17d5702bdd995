import { existsSync, statSync } from "node:fs";
import Database from "better-sqlite3";
import { AppError } from "@/lib/errors";

/**
 * Copies a SQLite database with SQLite's online backup API, page by page: the copy is a
 * consistent snapshot even while the server keeps writing (writes made during the copy restart
 * it, as sqlite3_backup_step does). Refuses to overwrite an existing file.
 */
export async function backupSqliteDatabase(options: {
  sourceFile: string;
  targetFile: string;
}): Promise<{ bytes: number; pages: number }> {
  if (!existsSync(options.sourceFile))
    throw new AppError("not_found", `No database at ${options.sourceFile}.`);
  if (existsSync(options.targetFile))
    throw new AppError("conflict", `${options.targetFile} already exists; choose a new file for the backup.`);
  const source = new Database(options.sourceFile, { fileMustExist: true });
  try {
    const { totalPages } = await source.backup(options.targetFile);
    return { bytes: statSync(options.targetFile).size, pages: totalPages };
  } finally {
    source.close();
  }
}
