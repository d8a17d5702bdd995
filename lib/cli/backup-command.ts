import path from "node:path";
import { type Command, type CommandArgs, helpOption, requireString } from "@/lib/cli/command-options";
import { printJson } from "@/lib/cli/write-stdout";
import { backupSqliteDatabase } from "@/lib/db/backup-database";
import { databaseFilePath } from "@/lib/env";
import { AppError } from "@/lib/errors";

/** `goldenset backup --out FILE [--wait SECONDS]`: a consistent copy of the SQLite database. */
export const backupCommand = {
  options: { ...helpOption, out: { type: "string" }, wait: { type: "string" } },
  run: async ({ values }: CommandArgs) => {
    const out = path.resolve(requireString(values.out, "out"));
    const waitSeconds = values.wait === undefined ? undefined : Number(values.wait);
    if (waitSeconds !== undefined && !(Number.isFinite(waitSeconds) && waitSeconds >= 0))
      throw new AppError("bad_request", `--wait takes a number of seconds, not "${String(values.wait)}".`);
    const sourceFile = databaseFilePath();
    if (!sourceFile) {
      throw new AppError(
        "bad_request",
        'goldenset backup copies a SQLite file; on PostgreSQL use pg_dump (e.g. pg_dump --format=custom --file=goldenset.dump "$DATABASE_URL").',
      );
    }
    const copied = await backupSqliteDatabase({
      sourceFile,
      targetFile: out,
      ...(waitSeconds === undefined ? {} : { maxWaitMs: waitSeconds * 1000 }),
      onWait: (message) => process.stderr.write(`goldenset: ${message}\n`),
    });
    printJson({ out, ...copied });
    return 0;
  },
} satisfies Command;
