import { AppError } from "@/lib/errors";
import { readLines } from "./read-lines";

export type BeirQrel = { queryId: string; documentId: string; grade: number };

const utf8 = new TextDecoder("utf-8", { fatal: true });
const MAX_QREL_LINE_BYTES = 64 * 1024;

/**
 * Reads a BEIR qrels file: `query-id<TAB>corpus-id<TAB>score` per line, integer scores
 * (negative ones are kept: some collections use -1). An optional header on line 1 is
 * recognized by a score column that is not a number. Fields are split on tabs, or on runs of spaces
 * when a line has no tab. Blank lines are skipped. Errors are AppError("bad_request") with the
 * line: non-UTF-8 bytes, a wrong column count, a non-integer score, and a repeated
 * (query, document) pair. Whether the ids exist is for the importer to check.
 */
export async function* readBeirQrels(input: AsyncIterable<Uint8Array>): AsyncGenerator<BeirQrel> {
  const firstLineByPair = new Map<string, number>();
  for await (const { lineNumber, bytes, truncated } of readLines(input, {
    maxLineBytes: MAX_QREL_LINE_BYTES,
  })) {
    const at = { line: lineNumber };
    if (truncated) throw new AppError("bad_request", `line ${lineNumber} is too long for a qrels line`, at);
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      throw new AppError("bad_request", `line ${lineNumber} is not UTF-8 text — is this a binary file?`, at);
    }
    const trimmed = text.trim();
    if (trimmed === "") continue;
    const fields = trimmed.includes("\t")
      ? trimmed.split("\t").map((field) => field.trim())
      : trimmed.split(/ +/);
    if (fields.length !== 3) {
      throw new AppError(
        "bad_request",
        `line ${lineNumber}: expected 3 columns (query-id, corpus-id, score), found ${fields.length}`,
        at,
      );
    }
    const [queryId, documentId, score] = fields as [string, string, string];
    if (!/^[+-]?\d+$/.test(score)) {
      if (lineNumber === 1 && Number.isNaN(Number(score))) continue; // "query-id corpus-id score"
      throw new AppError("bad_request", `line ${lineNumber}: score "${score}" is not an integer`, at);
    }
    if (queryId === "" || documentId === "") {
      throw new AppError("bad_request", `line ${lineNumber}: empty query or document id`, at);
    }
    const pair = `${queryId}\u0000${documentId}`;
    const firstLine = firstLineByPair.get(pair);
    if (firstLine !== undefined) {
      throw new AppError(
        "bad_request",
        `line ${lineNumber}: query "${queryId}" and document "${documentId}" were already judged on line ${firstLine}`,
        at,
      );
    }
    firstLineByPair.set(pair, lineNumber);
    yield { queryId, documentId, grade: Number.parseInt(score, 10) };
  }
}
