import { z } from "zod";
import { AppError, describeValue } from "@/lib/errors";

/**
 * One retrieved item of an imported run. `docId` is the document; `start`/`end` (UTF-16 offsets,
 * end exclusive) are set when the run names a passage — a TREC chunk id `docId#start-end` or
 * JSONL start/end. `docno` is the item as trec_eval would see it (`docId` or `docId#start-end`):
 * ties are broken by it and duplicates detected with it. `line` is the 1-based line in the file.
 */
export type ImportedHit = {
  docId: string;
  docno: string;
  score: number;
  rank?: number;
  start?: number;
  end?: number;
  text?: string;
  line: number;
};

/** A parsed line: the query it belongs to and the hit. */
export type RunLine = {
  /** The query id, or the query text when the JSONL line has only `query`. */
  queryKey: string;
  keyKind: "query-id" | "query-text";
  /** A JSONL line's `query` next to its `query_id`, for matching a run to a set by text. */
  queryText?: string;
  /** A TREC line's run tag (6th column). */
  tag?: string;
  hit: ImportedHit;
};

const TREC_COLUMNS = "qid Q0 docid rank score tag";
// Decimal or exponent notation, as trec_eval's atof reads it (see lib/eval/trec/parse-score.ts).
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;
const CHUNK_SPAN = /^(\d+)-(\d+)$/;

/** The six columns of a TREC run line, as text. */
type TrecRunFields = [queryId: string, q0: string, docno: string, rank: string, score: string, tag: string];

/** `qid Q0 docid rank score tag`, whitespace separated. Blank and "#" lines are the caller's. */
export function parseTrecRunLine(text: string, line: number): RunLine {
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 6)
    throw lineError(line, `expected 6 columns (${TREC_COLUMNS}), got ${fields.length}`);
  const [queryId, , docno, rankField, scoreField, tag] = fields as TrecRunFields;
  if (!INTEGER.test(rankField))
    throw lineError(line, `rank "${rankField}" (column 4 of ${TREC_COLUMNS}) is not an integer`);
  if (!DECIMAL.test(scoreField))
    throw lineError(line, `score "${scoreField}" (column 5 of ${TREC_COLUMNS}) is not a number`);
  const score = Number(scoreField);
  if (!Number.isFinite(score)) throw lineError(line, `score "${scoreField}" is out of range`);
  const hit: ImportedHit = { ...parseDocno(docno, line, true), score, rank: Number(rankField), line };
  return { queryKey: queryId, keyKind: "query-id", tag, hit };
}

/**
 * The document and passage of a TREC docno. With `strict`, a "#" must introduce `start-end`
 * (0 ≤ start < end); without, a docno that does not end in `#start-end` is a plain document id.
 */
function parseDocno(
  docno: string,
  line: number,
  strict: boolean,
): { docId: string; docno: string; start?: number; end?: number } {
  const hash = docno.lastIndexOf("#");
  if (hash === -1) return { docId: docno, docno };
  const span = CHUNK_SPAN.exec(docno.slice(hash + 1));
  const docId = docno.slice(0, hash);
  const start = Number(span?.[1]);
  const end = Number(span?.[2]);
  if (span && docId !== "" && start < end) return { docId, docno, start, end };
  if (!strict) return { docId: docno, docno };
  throw lineError(
    line,
    `bad chunk id "${docno}": expected docId#start-end with character offsets 0 ≤ start < end`,
  );
}

const MISSING = "is missing";
const mustBe =
  (what: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? MISSING : `must be ${what}, got ${describeValue(issue.input)}`;
const id = (what: string) =>
  z.union(
    [
      z
        .string()
        .trim()
        .min(1, { error: mustBe(what) }),
      z.number(),
    ],
    { error: mustBe(what) },
  );
const offset = z
  .number({ error: mustBe("a non-negative integer") })
  .int({ error: mustBe("a non-negative integer") })
  .nonnegative({ error: mustBe("a non-negative integer") })
  .optional();

const jsonlHitSchema = z.object({
  query_id: id("a non-empty string or a number").optional(),
  query: z
    .string({ error: mustBe("a string") })
    .trim()
    .min(1, { error: mustBe("a non-empty string") })
    .optional(),
  doc_id: id("a non-empty string or a number"),
  score: z.number({ error: mustBe("a number") }),
  rank: z
    .number({ error: mustBe("an integer") })
    .int({ error: mustBe("an integer") })
    .optional(),
  start: offset,
  end: offset,
  text: z.string({ error: mustBe("a string") }).optional(),
});

/** `{ "query_id"?, "query"?, "doc_id", "score", "rank"?, "start"?, "end"?, "text"? }`; unknown fields are ignored. */
export function parseJsonlRunLine(text: string, line: number): RunLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw lineError(line, `not valid JSON (${(error as Error).message})`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw lineError(line, `expected a JSON object, got ${describeValue(value)}`);
  const parsed = jsonlHitSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") ?? "";
    const message = issue?.message ?? "does not match the expected shape";
    throw lineError(line, message === MISSING ? `"${field}" ${MISSING}` : `"${field}" ${message}`);
  }
  const record = parsed.data;
  if (record.query_id === undefined && record.query === undefined)
    throw lineError(line, `needs "query_id" or "query" to say which query the hit belongs to`);
  if ((record.start === undefined) !== (record.end === undefined))
    throw lineError(line, `"start" and "end" go together: give both or neither`);
  if (record.start !== undefined && record.end !== undefined && record.start >= record.end)
    throw lineError(line, `"start" (${record.start}) must be less than "end" (${record.end})`);

  const docIdText = String(record.doc_id);
  const located =
    record.start !== undefined && record.end !== undefined
      ? {
          docId: docIdText,
          docno: `${docIdText}#${record.start}-${record.end}`,
          start: record.start,
          end: record.end,
        }
      : parseDocno(docIdText, line, false);
  const hit: ImportedHit = { ...located, score: record.score, line };
  if (record.rank !== undefined) hit.rank = record.rank;
  if (record.text !== undefined) hit.text = record.text;
  if (record.query_id !== undefined) {
    const queryLine: RunLine = { queryKey: String(record.query_id), keyKind: "query-id", hit };
    if (record.query !== undefined) queryLine.queryText = record.query;
    return queryLine;
  }
  return { queryKey: record.query ?? "", keyKind: "query-text", hit };
}

export function lineError(line: number, problem: string): AppError {
  return new AppError("bad_request", `line ${line}: ${problem}`, { line });
}
