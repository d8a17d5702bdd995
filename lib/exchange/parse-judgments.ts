import { normalizeText } from "@/lib/anchor/normalize-text";
import { AppError } from "@/lib/errors";
import { collectProblems, type ProblemList } from "./collect-problems";
import { splitCsvText } from "./read-csv-records";

/** The judgment file formats `goldenset import-qrels` and the set page's upload read. */
export type JudgmentFormat = "trec" | "beir" | "quepid" | "csv";
export const judgmentFormats: readonly JudgmentFormat[] = ["trec", "beir", "quepid", "csv"];

/** One judged pair: `query` is a query id (trec, beir) or the query's text (quepid, csv). */
export type ParsedJudgment = { query: string; docId: string; grade: number; line: number };
/**
 * What was read, and every problem found on the way (each with its 1-based line; a caller
 * passes the list on to the reference checks so that one report holds both).
 */
export type ParsedJudgments = { judgments: ParsedJudgment[]; problems: ProblemList };

function lines(text: string): string[] {
  return text.replace(/^\uFEFF/, "").split(/\r?\n/);
}

function checkPair(seen: Map<string, number>, problems: ProblemList, judgment: ParsedJudgment): boolean {
  const pair = `${judgment.query}\u0000${judgment.docId}`;
  const first = seen.get(pair);
  if (first !== undefined) {
    problems.add({
      line: judgment.line,
      message: `query "${judgment.query}" and document "${judgment.docId}" were already judged on line ${first}`,
    });
    return false;
  }
  seen.set(pair, judgment.line);
  return true;
}

/**
 * Reads TREC qrels (`qid iter docid grade`, whitespace separated) or a BEIR qrels TSV
 * (`query-id corpus-id score`, an optional header on line 1). Grades are integers (negative
 * ones are read; whether they fit the set's scale is the importer's check). Blank lines are
 * skipped; every malformed line and repeated (query, document) pair is a problem with its line.
 */
export function parseQrels(
  text: string,
  format: "trec" | "beir",
  problems: ProblemList = collectProblems(),
): ParsedJudgments {
  const columns = format === "trec" ? 4 : 3;
  const judgments: ParsedJudgment[] = [];
  const seen = new Map<string, number>();
  lines(text).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === "") return;
    const fields = trimmed.split(/\s+/);
    if (fields.length !== columns) {
      const expected = format === "trec" ? "qid 0 docid grade" : "query-id corpus-id score";
      problems.add({ line, message: `expected ${columns} columns (${expected}), found ${fields.length}` });
      return;
    }
    const query = fields[0] ?? "";
    const docId = fields[columns - 2] ?? "";
    const grade = fields[columns - 1] ?? "";
    if (!/^[+-]?\d+$/.test(grade)) {
      if (format === "beir" && line === 1 && Number.isNaN(Number(grade))) return; // the header
      problems.add({ line, message: `grade "${grade}" is not an integer` });
      return;
    }
    const judgment = { query, docId, grade: Number.parseInt(grade, 10), line };
    if (checkPair(seen, problems, judgment)) judgments.push(judgment);
  });
  return { judgments, problems };
}

/**
 * Reads query texts by id: BEIR queries.jsonl (`{"_id", "text"}` per line) when the first
 * non-blank character is `{`, otherwise a TREC topics file (`qid<TAB>text` per line). Texts
 * are normalized like every query text; duplicate ids, empty texts and bad lines are problems
 * (named by `fileName` when given).
 */
export function parseQueryTexts(
  text: string,
  options: { problems?: ProblemList; fileName?: string } = {},
): { queries: Map<string, string>; problems: ProblemList } {
  const queries = new Map<string, string>();
  const firstLine = new Map<string, number>();
  const problems = options.problems ?? collectProblems();
  const file = options.fileName;
  const addIssue = (line: number, message: string) =>
    problems.add(file === undefined ? { line, message } : { file, line, message });
  const jsonl = text
    .replace(/^\uFEFF/, "")
    .trimStart()
    .startsWith("{");
  lines(text).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    let id: unknown;
    let queryText: unknown;
    if (jsonl) {
      try {
        const value = JSON.parse(raw) as Record<string, unknown>;
        id = value._id;
        queryText = value.text;
      } catch {
        addIssue(line, "is not a JSON object");
        return;
      }
    } else {
      const tab = raw.indexOf("\t");
      if (tab < 0) {
        addIssue(line, "expected qid<TAB>text");
        return;
      }
      id = raw.slice(0, tab).trim();
      queryText = raw.slice(tab + 1);
    }
    if (typeof id === "number") id = String(id);
    if (typeof id !== "string" || id === "" || /\s/.test(id)) {
      addIssue(line, "the query id must be a non-empty string without whitespace");
      return;
    }
    if (typeof queryText !== "string" || queryText.trim() === "") {
      addIssue(line, `query "${id}" has no text`);
      return;
    }
    const first = firstLine.get(id);
    if (first !== undefined) {
      addIssue(line, `duplicate query id "${id}" (first on line ${first})`);
      return;
    }
    firstLine.set(id, line);
    queries.set(id, normalizeText(queryText).trim());
  });
  return { queries, problems };
}

/**
 * Reads Quepid's ratings export (columns query, docid, rating) or a plain CSV of (query, docid,
 * grade): a header row naming the columns (any order, case-insensitive, other columns ignored).
 * The query is its text; an empty rating (Quepid's unrated documents) is skipped.
 */
export function parseRatingsCsv(
  text: string,
  format: "quepid" | "csv",
  problems: ProblemList = collectProblems(),
): ParsedJudgments {
  const judgments: ParsedJudgment[] = [];
  let records: ReturnType<typeof splitCsvText>;
  try {
    records = splitCsvText(text);
  } catch (error) {
    // an unclosed quoted field: a problem at its line, like any other in the file
    if (!(error instanceof AppError)) throw error;
    problems.add({ line: error.location?.line ?? 1, message: error.message.replace(/^line \d+: /, "") });
    return { judgments, problems };
  }
  const [header, ...rows] = records;
  const gradeColumn = format === "quepid" ? "rating" : "grade";
  const names = (header?.fields ?? []).map((name) => name.trim().toLowerCase());
  const at = (name: string) => names.indexOf(name);
  const missing = ["query", "docid", gradeColumn].filter((name) => at(name) < 0);
  if (missing.length) {
    problems.add({
      line: 1,
      message: `the header must name the columns query, docid, ${gradeColumn} (missing: ${missing.join(", ")})`,
    });
    return { judgments, problems };
  }
  const seen = new Map<string, number>();
  for (const { line, fields } of rows) {
    const query = normalizeText(fields[at("query")] ?? "").trim();
    const docId = (fields[at("docid")] ?? "").trim();
    const grade = (fields[at(gradeColumn)] ?? "").trim();
    if (grade === "" && format === "quepid") continue;
    if (query === "" || docId === "") {
      problems.add({ line, message: "empty query or docid" });
      continue;
    }
    if (!/^[+-]?\d+(\.0+)?$/.test(grade)) {
      problems.add({ line, message: `${gradeColumn} "${grade}" is not an integer` });
      continue;
    }
    const judgment = { query, docId, grade: Number.parseInt(grade, 10), line };
    if (checkPair(seen, problems, judgment)) judgments.push(judgment);
  }
  return { judgments, problems };
}
