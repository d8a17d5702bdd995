import path from "node:path";
import {
  type CommandArgs,
  type CommandOptions,
  helpOption,
  type OptionValue,
  onePositional,
} from "@/lib/cli/command-options";
import { printJson } from "@/lib/cli/write-stdout";
import { db } from "@/lib/db/client";
import { stageQueryLog } from "@/lib/db/import-query-log";
import { saveQueryLog } from "@/lib/db/query-logs";
import { AppError } from "@/lib/errors";
import { hashFile } from "@/lib/exchange/hash-file";
import type { ClassifyLogQuery } from "@/lib/logs/classifier-for-entries";
import { QUERY_CLASSES, type QueryClass } from "@/lib/logs/classify-query";
import { openLogStream } from "@/lib/logs/open-log-stream";
import {
  detectLogFormat,
  type LogEntry,
  type LogFormatOptions,
  logFormatOptionsSchema,
} from "@/lib/logs/read-log";

const usage =
  "usage: goldenset import-log FILE [--format text|csv|tsv|jsonl] [--column NAME-OR-INDEX] [--count-column C] [--timestamp-column C] [--header] [--id-prefix] [--field DOTTED.PATH] [--count-field F] [--timestamp-field F] [--name NAME] [--dry-run]";

/**
 * `goldenset import-log FILE …`: reads a query log in flat memory (stageQueryLog: text, CSV/TSV with a chosen column,
 * JSONL with a chosen field; gzip detected by its bytes; the format from the name unless
 * --format), saves it with saveQueryLog and prints a JSON summary with the number of distinct
 * queries per query class. `--dry-run` prints the same summary without opening the database.
 */
export const importLogCommand = {
  options: {
    ...helpOption,
    format: { type: "string" },
    column: { type: "string" },
    "count-column": { type: "string" },
    "timestamp-column": { type: "string" },
    header: { type: "boolean" },
    "id-prefix": { type: "boolean" },
    field: { type: "string" },
    "count-field": { type: "string" },
    "timestamp-field": { type: "string" },
    name: { type: "string" },
    "dry-run": { type: "boolean" },
  } as CommandOptions,

  run: async (args: CommandArgs): Promise<number> => {
    const { values, positionals } = args;
    const file = onePositional(positionals, "FILE", usage);
    const fileName = path.basename(file);
    const formatOptions = parseFormatOptions(values, fileName);
    const { stage, summary, classify } = await stageQueryLog({
      bytes: openLogStream(file),
      options: formatOptions,
    });
    try {
      const report = {
        file: fileName,
        format: formatOptions.format,
        lines: summary.lines,
        imported: summary.imported,
        unique: summary.unique,
        skipped: summary.skipped,
        fallbackDecoded: summary.fallbackDecoded,
        problems: summary.problems,
        classes: countQueryClasses(stage.entries(), classify),
      };
      if (values["dry-run"] === true) {
        printJson({ ...report, dryRun: true });
        return 0;
      }
      const name = typeof values.name === "string" && values.name !== "" ? values.name : fileName;
      const saved = await saveQueryLog(db(), {
        name,
        fileName,
        format: formatOptions.format,
        entries: stage.entries(),
        stage,
        summary,
        contentHash: await hashFile(file),
        options: formatOptions,
        classify,
      });
      printJson({ ...report, name, ...saved });
      return 0;
    } finally {
      stage.dispose();
    }
  },
};

function parseFormatOptions(values: Record<string, OptionValue>, fileName: string): LogFormatOptions {
  const flags: [keyof LogFormatOptions, string][] = [
    ["column", "column"],
    ["countColumn", "count-column"],
    ["timestampColumn", "timestamp-column"],
    ["field", "field"],
    ["countField", "count-field"],
    ["timestampField", "timestamp-field"],
  ];
  const raw: Record<string, unknown> = { format: values.format ?? detectLogFormat(fileName) };
  for (const [key, flag] of flags) if (values[flag] !== undefined) raw[key] = values[flag];
  if (values.header === true) raw.header = true;
  if (values["id-prefix"] === true) raw.idPrefix = true;
  const parsed = logFormatOptionsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const key = String(issue.path[0] ?? "format");
  const flag = flags.find(([option]) => option === key)?.[1] ?? key;
  const message =
    issue.code === "custom" ? issue.message.replace(key, `--${flag}`) : `--${flag}: ${issue.message}`;
  throw new AppError("bad_request", `${message}; ${usage}`);
}

/** For each class, how many distinct queries of the log have it (on their own display). */
function countQueryClasses(
  entries: Iterable<LogEntry>,
  classify: ClassifyLogQuery,
): Record<QueryClass, number> {
  const counts = Object.fromEntries(QUERY_CLASSES.map((queryClass) => [queryClass, 0])) as Record<
    QueryClass,
    number
  >;
  for (const entry of entries) {
    for (const queryClass of classify(entry)) counts[queryClass as QueryClass] += 1;
  }
  return counts;
}
