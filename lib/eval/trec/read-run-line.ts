import { AppError } from "@/lib/errors";
import { parseScore } from "@/lib/eval/trec/parse-score";

/**
 * Byte offsets of the fields of one run line that evaluation uses, and its float32 score. One
 * object is reused for every line (10M lines should not mean 10M objects).
 */
export type RunLineFields = {
  queryStart: number;
  queryEnd: number;
  docnoStart: number;
  docnoEnd: number;
  score: number;
};

// Start/end offsets of the first six fields of the current line (reused: lines are read one at a time).
const bounds = new Int32Array(12);

export function createRunLineFields(): RunLineFields {
  return { queryStart: 0, queryEnd: 0, docnoStart: 0, docnoEnd: 0, score: 0 };
}

/**
 * Splits a run line `qid iter docno rank score tag [ignored…]` at whitespace into `fields`.
 * Returns false for a blank line or a "#" comment. Fewer than six fields or a score that is not
 * a decimal number (see parse-score.ts) is an AppError naming `fileName` and the line.
 */
export function readRunLine(
  buffer: Buffer,
  start: number,
  end: number,
  lineNumber: number,
  fileName: string,
  fields: RunLineFields,
): boolean {
  let count = 0;
  for (let i = start; count < 6; count++) {
    while (i < end && isSpaceByte(buffer[i]!)) i++;
    if (i === end) break;
    bounds[2 * count] = i;
    while (i < end && !isSpaceByte(buffer[i]!)) i++;
    bounds[2 * count + 1] = i;
  }
  if (count === 0 || buffer[bounds[0]!] === 0x23) return false;
  if (count < 6) {
    throw new AppError(
      "bad_request",
      `${fileName} line ${lineNumber}: expected 6 fields (qid iter docno rank score tag), got ${count}`,
      { line: lineNumber },
    );
  }
  fields.queryStart = bounds[0]!;
  fields.queryEnd = bounds[1]!;
  fields.docnoStart = bounds[4]!;
  fields.docnoEnd = bounds[5]!;
  const scoreStart = bounds[8]!;
  const scoreEnd = bounds[9]!;
  fields.score = parseScore(buffer, scoreStart, scoreEnd);
  if (Number.isNaN(fields.score)) {
    throw new AppError(
      "bad_request",
      `${fileName} line ${lineNumber}: score "${buffer.toString("utf8", scoreStart, scoreEnd)}" is not a number`,
      { line: lineNumber },
    );
  }
  return true;
}

/**
 * C's isspace in the "C" locale: space, \t, \n, \v, \f, \r. Kept in this module: the hot loops
 * call it ~350M times for a 10M-line run, and tsx compiles imported functions to getter calls.
 */
function isSpaceByte(byte: number): boolean {
  return byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);
}
