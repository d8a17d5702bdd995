import path from "node:path";
import {
  type CommandArgs,
  type CommandOptions,
  helpOption,
  type OptionValue,
} from "@/lib/cli/command-options";
import { writeStdout } from "@/lib/cli/write-stdout";
import {
  CopyRolledBackError,
  CopyVerificationError,
  checkMigrateDataUrls,
  copyDatabase,
} from "@/lib/db/migrations/copy-database";
import { databaseCollation, sortsByteOrder } from "@/lib/db/migrations/database-collation";
import { projectRoot } from "@/lib/env";
import { AppError } from "@/lib/errors";

/**
 * `goldenset migrate-data --from file:… --to postgresql://…`: a SQLite installation into an empty
 * PostgreSQL database (lib/db/migrations/copy-database.ts), verified. Messages never carry the
 * URLs: a PostgreSQL URL may hold a password.
 */
export const migrateDataCommand = {
  usage: `usage: goldenset migrate-data --from file:PATH.db --to postgresql://USER@HOST:5432/NAME [--batch-size N]

Copy a whole SQLite installation (users, corpora with their versions, query logs, golden sets,
labels with their history, runs, jobs, tokens) into an empty PostgreSQL database: applies the
PostgreSQL migrations to it, copies every table in one transaction, then verifies that every table
has as many rows on both sides and that every golden set exports byte for byte the same. Stop the
app first (nothing may write to the SQLite file meanwhile). Progress goes to stderr; stdout gets
{ "tables": { TABLE: ROWS }, "sets": N, "verified": true }.

When anything fails, the transaction is rolled back: the target holds the schema and no rows, and
the same command can run again.

Exit codes: 0 copied and verified; 1 the copy or its verification failed (nothing kept);
2 bad arguments, a missing SQLite file, or a target that already has data.`,
  options: {
    ...helpOption,
    from: { type: "string" },
    to: { type: "string" },
    "batch-size": { type: "string" },
  } as CommandOptions,
  errorExitCode: 1,
  run: async ({ values }: CommandArgs): Promise<number> => {
    const fromUrl = typeof values.from === "string" ? values.from : "";
    const toUrl = typeof values.to === "string" ? values.to : "";
    if (!fromUrl || !toUrl) throw new AppError("bad_request", "--from and --to are required (see --help).");
    const batchSize = parseBatchSize(values["batch-size"]);
    checkMigrateDataUrls({ fromUrl, toUrl });
    const started = performance.now();
    try {
      const summary = await copyDatabase({
        fromUrl,
        toUrl,
        migrationsDir: path.join(projectRoot(), "prisma", "postgresql", "migrations"),
        sqliteMigrationsDir: path.join(projectRoot(), "prisma", "migrations"),
        batchSize,
        onProgress: progressPrinter(started),
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stderr.write(
        `verified: every table's row count and ${summary.sets} set export(s) match (${seconds} s)\n`,
      );
      await warnAboutCollation(toUrl);
      await writeStdout(`${JSON.stringify(summary, null, 2)}\n`);
      return 0;
    } catch (error) {
      if (error instanceof AppError) throw new AppError(error.code, redacted(error.message, toUrl));
      const message = redacted((error as Error).message ?? String(error), toUrl);
      const rolledBack = error instanceof CopyVerificationError || error instanceof CopyRolledBackError;
      process.stderr.write(
        rolledBack
          ? `goldenset: ${message}\nNothing was kept: the target database has the schema and no rows; fix the cause and run the same command again.\n`
          : `goldenset: ${message}\nNo row was copied.\n`,
      );
      return 1;
    }
  },
};

/** One line per table, and one every 10 s while a big table is copied (rows so far). */
function progressPrinter(started: number) {
  let lastLine = performance.now();
  return (progress: { table: string; rows: number; done: boolean }) => {
    const now = performance.now();
    if (!progress.done && now - lastLine < 10_000) return;
    lastLine = now;
    const seconds = ((now - started) / 1000).toFixed(1);
    const what = progress.done ? "copied" : "copying";
    process.stderr.write(`${what} ${progress.table}: ${progress.rows} row(s) (${seconds} s)\n`);
  };
}

function parseBatchSize(value: OptionValue): number {
  if (value === undefined) return 500;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > 10_000) {
    throw new AppError("bad_request", "--batch-size must be a whole number from 1 to 10000.");
  }
  return size;
}

/** As `goldenset migrate` does: lists would sort differently than on SQLite. */
async function warnAboutCollation(toUrl: string): Promise<void> {
  const collation = await databaseCollation(toUrl);
  if (sortsByteOrder(collation)) return;
  process.stderr.write(
    `Warning: the target sorts text by the ${collation} collation; Goldenset expects byte order, as on SQLite (create it with: createdb --template=template0 --locale=C.UTF-8 NAME).\n`,
  );
}

/** `message` without the URL's password, should a driver ever quote it. */
function redacted(message: string, url: string): string {
  let password = "";
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    return message;
  }
  return password ? message.split(password).join("***") : message;
}
