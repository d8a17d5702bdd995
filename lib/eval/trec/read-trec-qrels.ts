import { basename } from "node:path";
import { AppError } from "@/lib/errors";
import { decodeByteString } from "@/lib/eval/trec/encode-byte-string";
import { addJudgment, createJudgmentIndex, type JudgmentIndex } from "@/lib/eval/trec/index-judgments";
import { scanFileLines } from "@/lib/eval/trec/scan-file-lines";

/**
 * Reads a TREC qrels file (`qid iter docno grade` per line, whitespace-separated, exactly four
 * fields) into a judgment index. Grades are read like C's `atol` (the leading integer: "2.5" is
 * 2); a grade without digits, a missing field or a fifth field is an AppError naming the line.
 * Blank lines and lines starting with "#" are skipped.
 */
export async function readTrecQrels(path: string): Promise<JudgmentIndex> {
  const index = createJudgmentIndex();
  const name = basename(path);
  await scanFileLines(path, (buffer, start, end, lineNumber) => {
    const fields: number[] = [];
    let i = start;
    while (true) {
      while (i < end && isSpaceByte(buffer[i]!)) i++;
      if (i === end) break;
      const fieldStart = i;
      while (i < end && !isSpaceByte(buffer[i]!)) i++;
      fields.push(fieldStart, i);
    }
    if (fields.length === 0 || buffer[fields[0]!] === 0x23) return;
    if (fields.length !== 8) {
      throw new AppError(
        "bad_request",
        `${name} line ${lineNumber}: expected 4 fields (qid iter docno grade), got ${fields.length / 2}`,
        { line: lineNumber },
      );
    }
    const grade = parseLeadingInteger(buffer, fields[6]!, fields[7]!);
    if (grade === undefined) {
      throw new AppError(
        "bad_request",
        `${name} line ${lineNumber}: grade "${buffer.toString("utf8", fields[6]!, fields[7]!)}" is not an integer`,
        { line: lineNumber },
      );
    }
    addJudgment(index, {
      queryId: decodeByteString(buffer, fields[0]!, fields[1]!),
      docno: decodeByteString(buffer, fields[4]!, fields[5]!),
      grade,
      lineNumber,
    });
  });
  return index;
}

/** C's `atol` on a field: an optional sign and the digits after it; undefined when there are none. */
function parseLeadingInteger(buffer: Buffer, start: number, end: number): number | undefined {
  let i = start;
  const negative = buffer[i] === 0x2d;
  if (negative || buffer[i] === 0x2b) i++;
  let value = 0;
  const digitsStart = i;
  for (; i < end; i++) {
    const digit = buffer[i]! - 0x30;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  if (i === digitsStart || !Number.isSafeInteger(value)) return undefined;
  return negative ? -value : value;
}

/** C's isspace in the "C" locale (local for speed, as in read-run-line.ts). */
function isSpaceByte(byte: number): boolean {
  return byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);
}
