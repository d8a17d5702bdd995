import { AppError } from "@/lib/errors";
import {
  describeJudgmentIssues,
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
};

/**
 * Reads an import's files by format: trec and beir need a queries file (BEIR queries.jsonl or a
 * TREC topics file); quepid and csv take none (their queries are texts). Every problem of both
 * files is reported in one AppError("bad_request") with files and lines — nothing is imported.
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
    const { judgments, issues } = parseRatingsCsv(options.judgments.text, format);
    if (issues.length) throw new AppError("bad_request", describeJudgmentIssues(issues, fileName));
    return { format, fileName, judgments };
  }
  if (!options.queries)
    throw new AppError(
      "bad_request",
      `${format} qrels name queries by id: give the queries file (queries.jsonl or a topics file).`,
    );
  const parsed = parseQrels(options.judgments.text, format);
  const topics = parseQueryTexts(options.queries.text);
  const issues = [
    ...parsed.issues,
    ...topics.issues.map((issue) => ({ ...issue, file: options.queries?.name ?? "" })),
  ];
  if (issues.length) throw new AppError("bad_request", describeJudgmentIssues(issues, fileName));
  // JSON escapes (`\u0000` in queries.jsonl) only show once parsed
  for (const [id, text] of topics.queries)
    assertStorableText(text, { where: `${options.queries.name}, query "${id}"` });
  return { format, fileName, judgments: parsed.judgments, queryTexts: topics.queries };
}

/** Refuses a file with a line PostgreSQL could not store (a NUL, a lone surrogate), naming the file and line. */
function assertStorableLines(file: { name: string; text: string }): void {
  if (findUnstorableText(file.text) === undefined) return;
  file.text.split("\n").forEach((line, index) => {
    assertStorableText(line, { line: index + 1, where: `${file.name} line ${index + 1}` });
  });
}
