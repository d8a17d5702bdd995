import { z } from "zod";
import { normalizeText } from "@/lib/anchor/normalize-text";
import { AppError } from "@/lib/errors";
import { assertStorableText } from "@/lib/storable-text";
import { createFirstLineById, describeLineIssue, readJsonlObjects } from "./read-jsonl-objects";

export type SourceDocument = {
  externalId: string;
  title: string;
  text: string;
  metadata: Record<string, unknown> | null;
};

/** zod error function: "is required" for a missing field, "must be <what>, not <type>" otherwise. */
export function mustBe(what: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? "is required" : `must be ${what}, not ${describeType(issue.input)}`;
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** Ids may be written as integers (`{"_id": 12}`); they are stored as their decimal string. */
export const externalIdSchema = z.preprocess(
  (value) => (typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value),
  z.string({ error: mustBe("a string") }).min(1, { error: "must not be empty" }),
);

const documentFields = {
  title: z.string({ error: mustBe("a string") }).nullish(),
  text: z.string({ error: mustBe("a string") }),
};
const schemaByIdKey = {
  _id: z.object({ _id: externalIdSchema, ...documentFields }),
  id: z.object({ id: externalIdSchema, ...documentFields }),
};

const RESERVED_KEYS = new Set(["_id", "id", "title", "text"]);

/**
 * Reads a corpus in JSONL, one document per line: `{"_id" | "id", "title"?, "text", ...rest}`.
 * Every other field goes to `metadata` (null when there is none); a nested `"metadata"` object
 * (BEIR's convention) is flattened into it, top-level fields winning on a name clash. Title
 * and text are normalized with normalizeText (NFC + LF); an empty text is allowed (real
 * collections have some). Errors are AppError("bad_request") with the line: see
 * readJsonlObjects for bytes and syntax; here wrong field types, conflicting or duplicate ids
 * (remembered for the whole file: memory grows with the number of documents), and an input
 * with no document at all.
 */
export async function* readCorpusJsonl(input: AsyncIterable<Uint8Array>): AsyncGenerator<SourceDocument> {
  const seen = createFirstLineById("document id");
  for await (const { lineNumber, value } of readJsonlObjects(input)) {
    const idKey = pickIdKey(lineNumber, value);
    const parsed = schemaByIdKey[idKey].safeParse(value);
    if (!parsed.success) throw describeLineIssue(lineNumber, parsed.error);
    const externalId = "_id" in parsed.data ? parsed.data._id : parsed.data.id;
    seen.add(externalId, lineNumber);

    const document = {
      externalId,
      title: normalizeText(parsed.data.title ?? ""),
      text: normalizeText(parsed.data.text),
      metadata: collectMetadata(value),
    };
    assertStorableText(document, { line: lineNumber, where: `line ${lineNumber}` });
    yield document;
  }
  if (seen.size === 0) throw new AppError("bad_request", "the file has no documents");
}

function pickIdKey(lineNumber: number, value: Record<string, unknown>): "_id" | "id" {
  const hasUnderscoreId = value._id !== undefined;
  const hasId = value.id !== undefined;
  if (!hasUnderscoreId && !hasId) {
    throw new AppError("bad_request", `line ${lineNumber}: field "_id" (or "id") is required`, {
      line: lineNumber,
    });
  }
  if (hasUnderscoreId && hasId && String(value._id) !== String(value.id)) {
    throw new AppError(
      "bad_request",
      `line ${lineNumber}: fields "_id" and "id" are both set and differ — keep one of them`,
      { line: lineNumber },
    );
  }
  return hasUnderscoreId ? "_id" : "id";
}

function collectMetadata(value: Record<string, unknown>): Record<string, unknown> | null {
  const metadata: Record<string, unknown> = {};
  const nested = value.metadata;
  const nestedIsObject = typeof nested === "object" && nested !== null && !Array.isArray(nested);
  if (nestedIsObject) {
    for (const [key, field] of Object.entries(nested)) setOwn(metadata, key, field);
  }
  for (const [key, field] of Object.entries(value)) {
    if (RESERVED_KEYS.has(key) || (key === "metadata" && nestedIsObject)) continue;
    setOwn(metadata, key, field);
  }
  return Object.keys(metadata).length === 0 ? null : metadata;
}

/** Defines an own property, so a JSON key named "__proto__" stays data instead of a prototype. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
