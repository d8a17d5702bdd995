import { AppError } from "@/lib/errors";
import { collectProblems, type ProblemList } from "@/lib/exchange/collect-problems";
import {
  type JudgmentFormat,
  judgmentFormats,
  type ParsedJudgment,
  parseQrels,
  parseQueryTexts,
  parseRatingsCsv,
} from "@/lib/exchange/parse-judgments";
import { assertStorableText, findUnstorableText } from "@/lib/storable-text";

export type JudgmentFiles = {
  format: JudgmentFormat;
  fileName: string;
  judgments: ParsedJudgment[];
  queryTexts?: Map<string, string>;
  /**
   * Every problem of the files' lines (the judgments file's name none, the queries file's name
   * it): importJudgments adds the reference problems and refuses the import if any.
   */
  problems: ProblemList;
};

/**
 * Reads an import's files by format: trec and beir need a queries file (BEIR queries.jsonl or a
 * TREC topics file); quepid and csv take none (their queries are texts). A line that cannot be
 * read is a problem in `problems`, not an error: the import reports it with the problems of
 * unknown documents, queries and grades in one pass. Thrown (AppError "bad_request") only what
 * makes the files unreadable as a whole: an unknown format, a missing or extra queries file, a
 * character no database can store.
 */
export function parseJudgmentFiles(options: {
  format: string;
  judgments: { name: string; text: string };
  queries?: { name: string; text: string };
}): JudgmentFiles {
  for (const file of [options.judgments, options.queries]) if (file) assertStorableLines(file);
  const format = options.format as JudgmentFormat;
  if (!judgmentFormats.includes(format))
    throw new AppError(
      "bad_request",
      `--format must be one of ${judgmentFormats.join(", ")} (got "${options.format}")`,
    );
  const fileName = options.judgments.name;
  if (format === "quepid" || format === "csv") {
    if (options.queries)
      throw new AppError("bad_request", `A ${format} file names its queries by text: give no queries file.`);
    const { judgments, problems } = parseRatingsCsv(options.judgments.text, format);
    return { format, fileName, judgments, problems };
  }
  if (!options.queries)
    throw new AppError(
      "bad_request",
      `${format} qrels name queries by id: give the queries file (queries.jsonl or a topics file).`,
    );
  const queriesName = options.queries.name;
  // the judgments file's problems carry no file name (importJudgments names them by fileName)
  const problems: ProblemList = collectProblems({ files: [queriesName] });
  const parsed = parseQrels(options.judgments.text, format, problems);
  const topics = parseQueryTexts(options.queries.text, { problems, fileName: queriesName });
  // JSON escapes (`\u0000` in queries.jsonl) only show once parsed
  for (const [id, text] of topics.queries)
    assertStorableText(text, { where: `${queriesName}, query "${id}"` });
  return { format, fileName, judgments: parsed.judgments, queryTexts: topics.queries, problems };
}

/** Refuses a file with a line PostgreSQL could not store (a NUL, a lone surrogate), naming the file and line. */
function assertStorableLines(file: { name: string; text: string }): void {
  if (findUnstorableText(file.text) === undefined) return;
  file.text.split("\n").forEach((line, index) => {
    assertStorableText(line, { line: index + 1, where: `${file.name} line ${index + 1}` });
  });
}
