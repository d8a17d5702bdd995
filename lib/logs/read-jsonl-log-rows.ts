import { describeValue } from "@/lib/errors";
import { readLines } from "@/lib/exchange/read-lines";
import { unstorableTextProblem } from "@/lib/storable-text";
import type { LogRow } from "./accumulate-log-rows";
import { decodeLine } from "./decode-line";
import { getDottedPath, parseLogCount, parseLogTimestamp } from "./parse-log-values";

/** Which fields of a JSONL log to read, as dotted paths (`request.query`). */
export type JsonlFields = { field: string; countField?: string; timestampField?: string };

/**
 * The rows of a JSONL log: one JSON object a line, decoded with decodeLine. Never fatal: a line
 * that is not JSON, not an object, lacks the field or holds a non-string there, or has a bad
 * count or timestamp, is a `malformed` row with the reason; a missing or null timestamp is no
 * timestamp, a missing count is 1.
 */
export async function* readJsonlLogRows(
  input: AsyncIterable<Uint8Array>,
  options: { fields: JsonlFields; maxLineBytes: number },
): AsyncGenerator<LogRow> {
  const { field, countField, timestampField } = options.fields;
  for await (const { lineNumber, bytes, truncated } of readLines(input, {
    maxLineBytes: options.maxLineBytes,
  })) {
    if (truncated) {
      yield { line: lineNumber, kind: "tooLong" };
      continue;
    }
    const decoded = decodeLine(bytes, { first: lineNumber === 1 });
    if ("binary" in decoded) {
      yield { line: lineNumber, kind: "binary" };
      continue;
    }
    const row = { line: lineNumber, ...(decoded.fallback ? { fallback: true } : {}) };
    if (decoded.text.trim() === "") {
      yield { ...row, kind: "blank" };
      continue;
    }
    const malformed = (message: string): LogRow => ({ ...row, kind: "malformed", message });
    let value: unknown;
    try {
      value = JSON.parse(decoded.text);
    } catch (error) {
      yield malformed(`not valid JSON (${(error as Error).message})`);
      continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      yield malformed(`expected a JSON object, got ${describeValue(value)}`);
      continue;
    }
    const text = getDottedPath(value, field);
    if (typeof text !== "string") {
      yield malformed(
        text === undefined
          ? `field "${field}" is missing`
          : `field "${field}" is ${describeValue(text)}, not a string`,
      );
      continue;
    }
    // A NUL in the query is a binary line, as a raw NUL byte is (skipped and counted); a lone
    // surrogate is malformed (skipped and counted, with the reason): neither can be stored.
    const unstorable = unstorableTextProblem(text);
    if (unstorable?.startsWith("a NUL")) {
      yield { ...row, kind: "binary" };
      continue;
    }
    if (unstorable) {
      yield malformed(`field "${field}" has ${unstorable}, which the database cannot store`);
      continue;
    }
    let count = 1;
    const countValue = countField === undefined ? undefined : getDottedPath(value, countField);
    if (countValue !== undefined) {
      const parsed = parseLogCount(countValue);
      if (typeof parsed !== "number") {
        yield malformed(`field "${countField}": ${parsed.problem}`);
        continue;
      }
      count = parsed;
    }
    const timestampValue = timestampField === undefined ? undefined : getDottedPath(value, timestampField);
    if (timestampValue === undefined || timestampValue === null || timestampValue === "") {
      yield { ...row, kind: "query", text, count };
      continue;
    }
    const timestamp = parseLogTimestamp(timestampValue);
    if (!(timestamp instanceof Date)) {
      yield malformed(`field "${timestampField}": ${timestamp.problem}`);
      continue;
    }
    yield { ...row, kind: "query", text, count, timestamp };
  }
}
