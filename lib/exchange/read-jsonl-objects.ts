import type { z } from "zod";
import { AppError, describeValue } from "@/lib/errors";
import { readLines } from "./read-lines";

/** One JSON object from one line of a JSONL stream. */
export type JsonlObject = { lineNumber: number; value: Record<string, unknown> };

/** A JSONL line longer than this is refused rather than buffered (a document is rarely > 1 MB). */
const MAX_JSONL_LINE_BYTES = 64 * 1024 * 1024;

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const BOM = [0xef, 0xbb, 0xbf] as const;

/**
 * Streams the objects of a JSONL input: one JSON object per line; blank lines are skipped; a
 * UTF-8 BOM on line 1 is ignored. Every failure is an AppError("bad_request") carrying the
 * 1-based line: bytes that are not UTF-8 text (or contain NUL), lines over the size limit,
 * JSON syntax errors (the parser's own message), and values that are not objects.
 */
export async function* readJsonlObjects(
  input: AsyncIterable<Uint8Array>,
  options: { maxLineBytes?: number } = {},
): AsyncGenerator<JsonlObject> {
  const maxLineBytes = options.maxLineBytes ?? MAX_JSONL_LINE_BYTES;
  for await (const { lineNumber, bytes, truncated } of readLines(input, { maxLineBytes })) {
    const line = { line: lineNumber };
    if (truncated) {
      throw new AppError(
        "bad_request",
        `line ${lineNumber} is longer than ${formatBytes(maxLineBytes)} — is this really one JSON object per line?`,
        line,
      );
    }
    const text = decodeUtf8(lineNumber === 1 ? stripBom(bytes) : bytes);
    if (text === null) {
      throw new AppError(
        "bad_request",
        `line ${lineNumber} is not UTF-8 text — is this a binary file?`,
        line,
      );
    }
    if (text.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new AppError("bad_request", `line ${lineNumber}: ${(error as Error).message}`, line);
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new AppError(
        "bad_request",
        `line ${lineNumber}: expected a JSON object, got ${describeValue(value)}`,
        line,
      );
    }
    yield { lineNumber, value: value as Record<string, unknown> };
  }
}

/** UTF-8 text without NUL characters, or null. */
function decodeUtf8(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

function stripBom(bytes: Uint8Array): Uint8Array {
  return bytes[0] === BOM[0] && bytes[1] === BOM[1] && bytes[2] === BOM[2] ? bytes.subarray(3) : bytes;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${bytes} bytes`;
}

/**
 * Describes the first zod issue of a JSONL record as `line 9: field "text" must be a string`.
 * Field-level messages come from the schema's own `error` functions (see readCorpusJsonl).
 */
export function describeLineIssue(lineNumber: number, error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join(".") ?? "";
  const message = issue?.message ?? "invalid record";
  const text =
    issue?.code === "unrecognized_keys"
      ? `line ${lineNumber}: unknown field "${issue.keys[0]}"`
      : field === ""
        ? `line ${lineNumber}: ${message}`
        : `line ${lineNumber}: field "${field}" ${message}`;
  return new AppError("bad_request", text, { line: lineNumber });
}

/**
 * Remembers the line each id of a JSONL file was first seen on and refuses a repeat with an
 * AppError("bad_request") naming both lines; `what` names the id ("query id"). Memory grows with
 * the distinct ids.
 */
export function createFirstLineById(what: string): {
  add(id: string, lineNumber: number): void;
  readonly size: number;
} {
  const firstLineById = new Map<string, number>();
  return {
    add(id, lineNumber) {
      const firstLine = firstLineById.get(id);
      if (firstLine !== undefined)
        throw new AppError(
          "bad_request",
          `line ${lineNumber}: duplicate ${what} "${id}" (first seen on line ${firstLine})`,
          { line: lineNumber },
        );
      firstLineById.set(id, lineNumber);
    },
    get size() {
      return firstLineById.size;
    },
  };
}
